/**
 * Every user-facing text of the product specification, verbatim (typos included: they are the
 * acceptance texts). Change a text here and it changes everywhere: API, web and tests.
 */
export const messages = {
  // Validation (spec §5)
  nameRequired: 'Name is Required',
  emailRequired: 'Email is Required',
  passwordRequired: 'Password is Required',
  passwordMin: 'Password at least 6 Charecters',
  roleRequired: 'User or Seller Required',
  imageRequired: 'User Image Required',
  categoryRequired: 'category is Required',
  priceRequired: 'price is Required',
  originalPriceRequired: 'Price is Required',
  brandRequired: 'Brand Name is Required',
  modelRequired: 'Model Name is Required',
  usedRequired: 'used of time is Required',
  locationRequired: 'location is Required',
  phoneRequired: 'phone number is Required',
  conditionRequired: 'condition is Required',
  authenticityRequired: 'authenticity is Required',
  featuresRequired: 'features is Required',
  descriptionRequired: 'description is Required',

  // Errors (spec §8)
  unauthorized: 'User Unuthorized Access',
  wrongPassword: 'Password is Wrong Try again',
  userNotFound: 'User is Not Found',
  accountExists: 'You Have a Already Account',

  // Success toasts (spec §8)
  loginSuccess: 'User Login Successfully',
  signupSuccess: 'User Signup Successfully',
  orderSuccess: (productName: string) => `${productName} Order Successfully`,
  reportSuccess: (productName: string) => `${productName} Report Successfully`,
  wishlistAdded: 'Weshlist add Successfully',
  wishlistRemoved: 'Weshlist Remove Successfully',
  productAdded: 'Product Add Successfully',
  productDeleted: 'Product Deleted Successfully',
  productRemoved: 'Product Remove Successfully',
  productAdvertised: 'Product Advertised Successfully',
  sellerRemoved: 'Seller Remove Successfully',
  sellerVerified: 'Seller Verified Successfully',
  userRemoved: 'User Remove Successfully',
  orderRemoved: 'Order Remove Successfully',
  paymentSuccess: 'Congrats! Your Payment Successfull',

  // Screens (spec §2)
  notFoundTitle: 'Oops! Page not found',
  notFoundText: "The page you're looking for doesn't exist.",
  goHome: 'Go home',
  dashboardWelcome: 'Wellcome Dashboard Page',
  viewProfile: 'View profile',
  noProducts: 'No Your Products',
  noOrders: 'No Orders',
  noWishlist: 'No Wishlist Your Product',
  noUsers: 'No Users',
  noSellers: 'No Sellers',
  noReportedItems: 'No Reprted Items',
  roleUserOption: 'I am a User',
  roleSellerOption: 'I am a Seller',
  statusAvailable: 'Available',
  statusSold: 'Sold',
  advertise: 'Advertise',
  advertised: 'Advertised',
  noAccess: 'No Access',
  verify: 'Verify',
  verified: 'Verified',
  pay: 'Pay',
  paid: 'Paid',
  reportTextTitle: 'Report Text',
  paymentHeading: (productName: string) => `Making ${productName} Payments`,
  reportHeading: (productName: string) => `Report of ${productName}`,

  // Messages of our own, for what the spec leaves unsaid
  notFound: 'Not found',
  routeNotFound: 'This API route does not exist',
  internalError: 'Something went wrong on our side. Please try again.',
  validationFailed: 'Some fields are not valid',
  invalidAddress: 'This address is not valid',
  controlCharacters: 'Remove the invisible control characters (such as NUL) from this text',
  tooManyRequests: 'Too many attempts. Please wait a moment and try again.',
  serviceUnavailable: 'The service is busy or briefly unavailable. Please try again in a moment.',
} as const;

export type MessageKey = keyof typeof messages;
