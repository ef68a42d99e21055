/**
 * Texts of the web's account screens (login, sign-up, social sign-in, profile, dashboard shell)
 * that the spec does not give; spec texts live in messages.ts. Shared so browser tests find
 * controls by the names the app gives them.
 *
 * Not in web-texts.ts on purpose: a module is bundled whole into the first chunk that needs it, and
 * `webTexts` is part of every page's first load; only the lazily loaded account pages import this.
 */
export const accountTexts = {
  // Login and sign-up
  loginHeading: 'Login',
  signupHeading: 'Sign Up',
  email: 'Email',
  password: 'Password',
  fullName: 'Full name',
  role: 'Role',
  rolePlaceholder: 'Choose one',
  photo: 'Photo',
  photoHint: 'JPEG, PNG, WebP or AVIF, up to 10 MB',
  loginButton: 'Login',
  signupButton: 'Sign Up',
  noAccount: 'New to ReCell?',
  signupLink: 'Create an account',
  haveAccount: 'Already have an account?',
  loginLink: 'Login',
  uploading: (percent: number) => `Uploading… ${percent}%`,
  creatingAccount: 'Creating your account…',

  // Social sign-in
  orContinueWith: 'or continue with',
  google: 'Google',
  // The brand's own spelling, on the button as in its hint (the spec's "Github button" names the button).
  github: 'GitHub',
  socialNotConfigured: (provider: string) => `${provider} sign-in is not configured on this server`,
  socialFailed: 'Social sign-in did not finish. Please try again.',
  finishingSignIn: 'Finishing sign-in…',
  closeThisWindow: 'Sign-in finished. You can close this window.',
  continue: 'Continue',

  // Profile
  profileHeading: 'Profile',
  editProfile: 'Edit profile',
  newPhoto: 'New photo',
  saveProfile: 'Save changes',
  profileSaved: 'Profile updated',
  roleNames: { user: 'User', seller: 'Seller', admin: 'Admin' },

  // Dashboard shell (menu entries name the spec's screens)
  dashboardMenu: 'Dashboard menu',
  myProducts: 'My Products',
  mySales: 'My Sales',
  addProduct: 'Add Product',
  myOrders: 'My Orders',
  myWishlist: 'My Wishlist',
  allUsers: 'All Users',
  allSellers: 'All Sellers',
  reportedItems: 'Reported Items',
  /** The admins' Returns (the menu's word; the page's own texts live in return-texts.ts, which needs zod). */
  returns: 'Returns',
  auditLog: 'Audit Log',
  emailOutbox: 'Email outbox',
  contactMessages: 'Messages',
  payment: 'Payment',
} as const;
