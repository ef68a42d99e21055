import type { PayoutAccountState, PayoutSaleState, TestOnboardingOutcome } from './payouts.ts';

/**
 * Texts of the seller's Payouts page and the test-mode onboarding page (the spec gives none).
 * Shared so the browser tests find the page's parts by the names the app gives them. Their own
 * module: only the lazily loaded Payouts pages use them.
 */
export const payoutTexts = {
  navPayouts: 'Payouts',
  title: 'Payouts',
  accountHeading: 'Payout account',
  /** The account's state in words, and what the seller does next. */
  accountState: {
    not_connected: 'You have no payout account yet. Your sales wait here until you connect one.',
    incomplete: 'Your payout account setup is not finished. Your sales wait here until it is.',
    needs_information: 'Your payout account needs more information before money can be sent to it.',
    rejected: 'Your payout account was rejected. Contact us to find out why; your sales wait here.',
    ready: 'Your payout account is ready. Each sale is sent to it when its order completes.',
  } satisfies Record<PayoutAccountState, string>,
  connect: 'Connect a payout account',
  finishSetup: 'Finish setting up',
  fixSetup: 'Update your details',
  /** The setup button while the processor's page is being asked for. */
  openingSetup: 'Opening the setup…',
  requirementsDue: 'Still needed',
  balancesHeading: 'Balances',
  held: 'Held',
  onTheWay: 'On the way',
  paidOut: 'Paid out',
  heldHelp: 'Kept until each order completes: the buyer confirms receipt, or the protection window closes.',
  salesHeading: 'Sales',
  noSales: 'No sales yet.',
  columns: {
    phone: 'Phone',
    soldAt: 'Sold',
    price: 'Price',
    fee: 'Fee',
    net: 'You receive',
    releaseAt: 'Release date',
    state: 'State',
  },
  /** A release date not known yet (before the hand-over) or never (refunded): a dash, said in words. */
  noReleaseDate: 'Not set',
  saleState: {
    held: 'Held',
    waiting_for_account: 'Waiting for your payout account',
    sending: 'On the way',
    sent: 'Paid out',
    refunded: 'Refunded to the buyer',
    reversed: 'Reversed: refunded to the buyer',
  } satisfies Record<PayoutSaleState, string>,
  bankPayoutsHeading: 'Payouts to your bank',
  bankColumns: { amount: 'Amount', arrival: 'Arrives', status: 'Status' },
  bankPayoutStatus: {
    pending: 'Pending',
    in_transit: 'On its way to your bank',
    paid: 'Paid to your bank',
    failed: 'Failed',
    canceled: 'Canceled',
  },
  downloadCsv: 'Download CSV',
  csvFileName: 'recell-payouts.csv',
  /** The CSV's first column (its others are named as the table's). */
  csvOrderId: 'Order ID',

  // The built-in test-mode processor's onboarding page (what Stripe's hosted onboarding is in production)
  testOnboardingTitle: 'Set up your payout account',
  testOnboardingIntro:
    'Test mode: no bank details are asked for. Pick how the setup ends, as Stripe’s test mode lets you.',
  testOutcomeLegend: 'Outcome',
  testOutcomes: {
    complete: 'Completes: payouts enabled',
    needs_information: 'Needs more information',
    rejected: 'Rejected',
  } satisfies Record<TestOnboardingOutcome, string>,
  testOnboardingSubmit: 'Finish setup',
  backToPayouts: 'Back to Payouts',
} as const;
