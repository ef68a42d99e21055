/**
 * Texts of the web app that the spec does not give (so they are ours to word), shared so the
 * browser tests find controls by the same names the app gives them. Spec texts live in messages.ts.
 */
export const webTexts = {
  // Navigation and layout
  skipToContent: 'Skip to content',
  navHome: 'Home',
  navAbout: 'About',
  navBlogs: 'Blogs',
  navLogin: 'Login',
  navDashboard: 'Dashboard',
  navProfile: 'Profile',
  logout: 'Log out',
  menu: 'Menu',
  /** The header's search (a form that opens the search page). */
  headerSearchLabel: 'Search all phones',
  headerSearchButton: 'Search',
  darkMode: 'Dark mode',
  lightMode: 'Light mode',
  /** Said on the dashboard after a page of another role's dashboard was asked for. */
  pageForOtherRole: {
    user: 'That page is for buyers, so it is not in your dashboard.',
    seller: 'That page is for sellers, so it is not in your dashboard.',
    admin: 'That page is for admins, so it is not in your dashboard.',
  },

  // Home
  bannerRegion: 'Featured offers',
  pauseSlideshow: 'Pause slideshow',
  playSlideshow: 'Play slideshow',
  categoriesHeading: 'Shop by brand',
  seeAll: 'See All',
  advertisedHeading: 'Advertised phones',
  showMore: 'Show more',
  whyUsedHeading: 'Why buy a used phone?',
  loadFailed: "We couldn't load this right now.",
  tryAgain: 'Try again',

  // Product card
  verifiedSeller: 'Verified seller',
  addToWishlist: 'Add to wishlist',
  removeFromWishlist: 'Remove from wishlist',
  report: 'Report',
  bookNow: 'Book now',
  /** In place of Book now for a phone the buyer has an open order on: a link to My Orders. */
  booked: 'Booked',
  /** In place of the buyer actions on a seller's own phone. */
  yourListing: 'Your listing',
  seeDetails: 'See Details',
  /** A seller's rating summary on a card ("★ 4.8 (12)"), as a screen reader says it. */
  sellerRating: (average: number, count: number) =>
    `Rated ${average.toFixed(1)} out of 5 from ${count} ${count === 1 ? 'rating' : 'ratings'}`,
  priceLabel: 'Price',
  originalPriceLabel: 'Original price',
  usedLabel: 'Used',
  locationLabel: 'Location',

  // Contact form (the spec's form submitted nowhere; we store the message for the admins)
  contactHeading: 'Contact us',
  contactName: 'Name',
  contactEmail: 'Email',
  contactMessage: 'Message',
  contactSend: 'Send',
  contactEmailInvalid: 'Enter a valid email address',
  contactMessageRequired: 'Message is Required',
  contactThanks: (name: string) => `Thank you for your message, ${name}!`,

  // Loading and failures
  loading: 'Loading…',
  /** Said to screen readers when 'Load more' has added rows to a dashboard list. */
  moreShown: (count: number) => `${count} more shown`,
  networkError: "Can't reach ReCell. Check your connection and try again.",
  chunkLoadFailed: 'This page could not be loaded. Check your connection, then reload the page.',
  reload: 'Reload page',
} as const;
