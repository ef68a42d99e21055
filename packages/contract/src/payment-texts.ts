/**
 * Texts of the web's payment page that the spec does not give: its own texts ('Making {name}
 * Payments', 'Congrats! Your Payment Successfull', 'Paid', …) live in messages.ts, the card
 * processor's and the sale's in payments.ts (`paymentMessages`). Shared so the browser tests find
 * the page's controls by the names the app gives them.
 *
 * Their own module, like listing-texts.ts: a module is bundled whole into the first chunk that
 * needs it, and only the lazily loaded payment page uses these.
 */
export const paymentTexts = {
  // The order's phone (the spec's three facts)
  price: 'Price',
  originalPrice: 'Original Price',
  brandName: 'Brand Name',
  summaryLabel: 'Order summary',

  // The card form
  cardFormLabel: 'Card payment',
  cardNumber: 'Card number',
  expiry: 'Expiry (MM/YY)',
  cvc: 'CVC',
  /** Stripe Elements' card field (one iframe for number, expiry, CVC and postcode). */
  card: 'Card',
  payButton: 'Payment',
  preparing: 'Preparing the payment…',
  paying: 'Processing your payment…',
  /** What the Payment button charges, from the server's payment intent. */
  charge: (amount: string) => `You will be charged ${amount}.`,
  /** The buyer's service fee, shown before paying when the marketplace charges one. */
  serviceFee: (price: string, fee: string) => `The phone's price is ${price}, plus a ${fee} service fee.`,
  /** The shipping the buyer pays (the carrier's rate quoted at booking), shown before paying. */
  shipping: (amount: string) => `Shipping ${amount}`,

  // The buyer's receipt of a paid order
  receiptTitle: 'Receipt',
  receiptPhone: 'Phone',
  receiptPrice: 'Price',
  receiptServiceFee: 'Service fee',
  receiptShipping: 'Shipping',
  receiptTotal: 'Total charged',
  receiptCard: 'Card',
  receiptCardEnding: (last4: string) => `Card ending ${last4}`,
  receiptCardUnknown: 'Card',
  receiptPaidAt: 'Paid',
  receiptRefunded: 'This payment was refunded to your card.',
  printReceipt: 'Print',
  backToOrder: 'Back to the order',

  // The built-in test-mode processor: the cards it knows (Stripe's test cards)
  testModeTitle: 'Test mode: no real card is charged.',
  testCards: [
    { number: '4242 4242 4242 4242', outcome: 'succeeds' },
    { number: '4000 0000 0000 0002', outcome: 'is declined' },
  ],
  testCardRest: 'Use any future expiry date and any 3-digit CVC.',

  // States of the order
  paidNotice: 'This order has been paid.',
  soldNotice: 'This phone has been sold to another buyer, so this order can no longer be paid. Nothing was charged.',
  backToOrders: 'Back to My Orders',
  cardFormFailed: 'The card form could not be loaded. Check your connection and try again.',
} as const;
