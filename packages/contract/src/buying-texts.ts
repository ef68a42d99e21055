/**
 * Texts of the web's buying screens (the booking and report modals, My Orders, My Wishlist, My
 * Sales) that the spec does not give; the spec's own texts ('{name} Order Successfully', 'No
 * Orders', 'Pay', 'Paid', …) live in messages.ts and the API's refusals in orders.ts
 * (`buyingMessages`). Shared so the browser tests find controls by the names the app gives them.
 *
 * Their own module, like listing-texts.ts: a module is bundled whole into the first chunk that
 * needs it, and only lazily loaded pages and sections use these.
 */
export const buyingTexts = {
  /** A seller or an admin pressed Book now, the heart or Report. */
  buyersOnly: 'Only buyer accounts can book, wishlist or report phones',

  // Booking modal (docs/product.md, Screens): read-only account and phone, then where to meet
  bookTitle: (productName: string) => `Book ${productName}`,
  buyerName: 'Name',
  buyerEmail: 'Email',
  productName: 'Product',
  price: 'Price',
  phone: 'Phone number',
  phoneHint: 'The seller calls you on this number',
  location: 'Location',
  locationHint: 'Where you would like to meet the seller',
  submitOrder: 'Submit Order',
  submittingOrder: 'Sending your order…',

  // Report modal (docs/product.md, Screens)
  reasonLegend: 'Reason',
  reportText: 'What is wrong with this listing?',
  submitReport: 'Submit Report',
  submittingReport: 'Sending…',
  cancel: 'Cancel',

  // Tables (the spec's column names, and our own for the seller's and buyer's contact details)
  columnImage: 'Image',
  columnName: 'Name',
  columnPhoneName: 'Phone',
  columnPrice: 'Price',
  columnOriginal: 'Original',
  columnLocation: 'Location',
  columnSeller: 'Seller',
  columnStatus: 'Sales status',
  columnAction: 'Action',
  columnPayment: 'Payment',
  columnBuyer: 'Buyer',
  columnBuyerPhone: "Buyer's phone",
  columnMeetingLocation: 'Meeting location',
  columnBookedAt: 'Booked',
  columnSaleStatus: 'Status',
  statusRemoved: 'Removed',
  statusBooked: 'Booked',
  statusCancelled: 'Cancelled',
  /** A payment column's mark for an order or a phone that can no longer be paid for. */
  notForSale: 'Not for sale',
  delete: 'Delete',
  deleting: 'Removing…',
  remove: 'Remove',
  deleteOrderTitle: (productName: string) => `Remove your order of ${productName}?`,
  deleteOrderText: 'The seller will no longer see your booking. You can book the phone again while it is for sale.',
  loadMore: 'Load more',
  noSales: 'No sales yet',
} as const;
