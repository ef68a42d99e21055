import type { FinanceTotals, SellerPayoutStatus } from './finance.ts';

/**
 * Texts of the admins' Finance screen (the spec gives none). Shared so the browser tests find the
 * page's parts by the names the app gives them. Their own module: only the lazily loaded dashboard
 * uses them.
 */
export const financeTexts = {
  navFinance: 'Finance',
  title: 'Finance',
  intro: 'Every figure is the ledger’s, in dollars, for the whole marketplace.',
  totalsHeading: 'Totals',
  totals: {
    feesEarnedCents: 'Fees earned',
    heldForSellersCents: 'Held for sellers',
    sendingCents: 'On the way to sellers',
    failedCents: 'Failed payouts',
    sentToSellersCents: 'Sent to sellers',
    refundedToBuyersCents: 'Refunded to buyers',
    disputedCents: 'In open disputes',
  } satisfies Record<keyof FinanceTotals, string>,
  /** What each total counts, under the figure. */
  totalsHelp: {
    feesEarnedCents: 'Less fees given back with refunds',
    heldForSellersCents: 'Until each order completes and its seller’s payout account is ready',
    sendingCents: 'Being transferred, or tried again after an outage',
    failedCents: 'Refused by the processor: send them again below',
    sentToSellersCents: 'Less transfers taken back for refunds',
    refundedToBuyersCents: 'Given back through the card processor',
    disputedCents: 'Held by the card network until each dispute closes',
  } satisfies Record<keyof FinanceTotals, string>,

  failedHeading: 'Failed payouts',
  noFailed: 'No failed payouts.',
  pendingHeading: 'Payouts on the way',
  noPending: 'No payouts on the way.',
  disputesHeading: 'Disputes',
  noDisputes: 'No disputes.',
  /** A list cut at its limit: only its first rows are shown. */
  listCapped: (count: number) => `The first ${count} are shown.`,
  columns: {
    phone: 'Phone',
    seller: 'Seller',
    amount: 'Amount',
    attempts: 'Tries',
    lastError: 'Last error',
    nextAttempt: 'Next try',
    status: 'Status',
    action: 'Action',
    reason: 'Reason',
    deadline: 'Evidence due',
    opened: 'Opened',
    closed: 'Closed',
  },
  payoutStatus: {
    held: 'Held',
    sending: 'On the way',
    sent: 'Sent',
    failed: 'Failed',
    cancelled: 'Cancelled by a refund',
    reversed: 'Reversed by a refund',
  } satisfies Record<SellerPayoutStatus, string>,
  /** No next try planned, no error said, no deadline or no closing yet: a dash, said in words. */
  noNextAttempt: 'Not planned',
  noError: 'None',
  noDeadline: 'None given',
  stillOpen: 'Still open',
  sendAgain: 'Send again',
  sendingAgain: 'Sending…',
  sentAgainToast: 'The payout was sent.',
  /** A dispute's processor status, readable (an unknown one is shown as the processor says it). */
  disputeStatus: {
    warning_needs_response: 'Inquiry: needs a response',
    warning_under_review: 'Inquiry under review',
    warning_closed: 'Inquiry closed',
    needs_response: 'Needs a response',
    under_review: 'Under review',
    won: 'Won',
    lost: 'Lost',
  },
} as const;
