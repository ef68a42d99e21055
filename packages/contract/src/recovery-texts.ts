/**
 * Texts of account recovery and email confirmation: the API's answers and the web's pages. No zod
 * here, so the dashboard's "confirm your email" notice costs only its words.
 */
export const recoveryMessages = {
  /** The one answer to a reset request, whether or not the email has an account. */
  resetRequested: 'If an account exists for that email, we sent a link to reset its password. It works for 30 minutes.',
  passwordChanged:
    'Your password has been changed and every sign-in of your account has ended. Log in with your new password.',
  /** An unknown, used or expired reset link: one message, so a link reveals nothing more. */
  resetLinkInvalid: 'This password reset link is invalid, has already been used or has expired. Ask for a new one.',
  emailConfirmed: 'Your email address is confirmed. Thank you!',
  confirmLinkInvalid:
    'This confirmation link is invalid, has already been used or has expired. Send a new one from your dashboard.',
  alreadyConfirmed: 'Your email address is already confirmed.',
  confirmationSent: 'We sent a new confirmation link to your email address. It works for 24 hours.',
  /** What the server answers when an unconfirmed account tries to book, pay, list or message. */
  emailUnconfirmed:
    'Please confirm your email address first: open the link we emailed you, or send a new one from your dashboard.',
  tokenRequired: 'The link is incomplete: open it again from the email',
} as const;

/** The emails themselves. */
export const emailTexts = {
  resetSubject: 'Reset your ReCell password',
  resetBody: (name: string, link: string) =>
    `Hello ${name},\n\nSomeone (we hope you) asked to reset the password of your ReCell account.\n` +
    `Open this link within 30 minutes to choose a new password:\n\n${link}\n\n` +
    `If you did not ask for this, ignore this email: your password stays as it is.\n\nReCell`,
  confirmSubject: 'Confirm your email address for ReCell',
  confirmBody: (name: string, link: string) =>
    `Hello ${name},\n\nWelcome to ReCell! Open this link within 24 hours to confirm your email address:\n\n${link}\n\n` +
    `Until you do, you can browse but not book, pay, list or message.\n\nReCell`,
} as const;

/** The web's pages for recovery and confirmation. */
export const recoveryTexts = {
  forgotLink: 'Forgot password?',
  forgotHeading: 'Reset your password',
  forgotIntro: 'Enter the email address of your account and we will send you a link to choose a new password.',
  forgotButton: 'Send reset link',
  sending: 'Sending…',
  backToLogin: 'Back to login',
  resetHeading: 'Choose a new password',
  newPassword: 'New password',
  resetButton: 'Change password',
  saving: 'Saving…',
  requestNewLink: 'Ask for a new link',
  confirmHeading: 'Confirm your email',
  confirming: 'Confirming your email address…',
  unconfirmedNotice: 'Please confirm your email address: until you do, you cannot book, pay, list or message.',
  resendButton: 'Resend confirmation email',
} as const;

/**
 * The page a new account lands on, and the demo mailbox: while the server runs as a demo, the emails
 * it sends arrive in a local mailbox that visitors open from a link.
 */
export const checkEmailTexts = {
  heading: 'Check your email',
  sentTo: (email: string) => `We sent a link to ${email}. Open it to confirm your email address.`,
  why: 'Until you do, you can browse phones but not book, pay, list or message.',
  resend: 'Resend email',
  continueLink: 'Continue to ReCell',
  demoMailbox: 'Demo mailbox',
  demoMailboxHint: 'This is a demo: no email leaves the site. Every email it sends arrives in the demo mailbox.',
  openDemoMailbox: 'Open the demo mailbox',
  opensInNewTab: '(opens in a new tab)',
  alreadyConfirmed: 'Your email address is confirmed: you can book, pay, list and message.',
} as const;
