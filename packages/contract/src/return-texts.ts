/**
 * Texts of returns (docs/decisions/0074): the order page's return panel and dialogs, the admins'
 * Returns screen, and the notices each step writes. The API's refusals live in order-returns.ts
 * (`returnMessages`). No zod here: only lazily loaded dashboard pages (and the API) use these.
 */
import { formatPrice } from './money.ts';
import { returnLimits, type ReturnDecision, type ReturnStatus } from './order-returns.ts';

export const returnTexts = {
  heading: 'Return',
  // The buyer asks
  requestReturn: 'Ask for a return',
  requestTitle: (productName: string) => `Return ${productName}`,
  requestIntro: `Tell the seller why you want to return the phone. They answer within ${returnLimits.sellerAnswerBusinessDays} business days; if they decline or do not answer, an admin decides.`,
  reason: 'Why do you want to return it?',
  photos: `Photos (up to ${returnLimits.maxPhotos}, optional)`,
  addPhoto: 'Add a photo',
  removePhoto: 'Remove photo',
  submitRequest: 'Send return request',
  sendingRequest: 'Sending…',
  requestedToast: 'Your return request was sent to the seller',
  requestUntil: (until: string) => `You can ask for a return until ${until}.`,
  cancel: 'Cancel',

  // The seller answers
  answerBy: (until: string) => `Answer by ${until}, or an admin decides.`,
  acceptReturn: 'Accept the return',
  acceptTitle: 'Accept the return?',
  acceptText:
    'A prepaid return label is bought for the buyer, from their address to your ship-from address. When the phone is back, check its IMEI here.',
  accepting: 'Accepting…',
  acceptedToast: 'Return accepted: the buyer can print the return label',
  declineReturn: 'Decline',
  declineTitle: 'Decline the return?',
  declineReason: 'Why do you decline it?',
  declineHint: 'The buyer and an admin read it. An admin then decides the return.',
  confirmDecline: 'Decline the return',
  declining: 'Declining…',
  declinedToast: 'Return declined: an admin decides it',

  // The return parcel
  printReturnLabel: 'Print the return label',
  returnTracking: (carrier: string, code: string) => `Return parcel: ${carrier} ${code}`,

  // The seller checks the IMEI
  confirmImei: 'Check the IMEI',
  confirmImeiTitle: 'Check the returned phone’s IMEI',
  imei: 'IMEI of the phone you received',
  imeiHint:
    'Dial *#06# on the phone to see it. The sold phone’s IMEI refunds the buyer in full; any other goes to an admin.',
  confirmingImei: 'Checking…',
  imeiMatchedToast: 'IMEI confirmed: the buyer is refunded',
  imeiMismatchedToast: 'This is not the IMEI of the phone you sold: an admin decides the return',

  // Back on sale
  relist: 'Put the phone back on sale',
  relisting: 'Saving…',
  relistedToast: 'Your phone is back on sale',

  status: {
    requested: 'Return asked: waiting for the seller’s answer',
    accepted: 'Return accepted: the buyer sends the phone back with the prepaid label',
    in_transit: 'The phone is on its way back to the seller',
    arrived: 'The phone is back: waiting for the seller to check its IMEI',
    declined: 'The seller declined the return: an admin decides',
    escalated: 'The seller did not answer in time: an admin decides',
    imei_mismatch: 'The IMEI of the returned phone does not match: an admin decides',
    refunding: 'Refund under way',
    refund_failed: 'The refund failed: an admin has been told',
    refunded: 'Returned and refunded',
    rejected: 'An admin rejected the return',
  } satisfies Record<ReturnStatus, string>,
  declineReasonShown: 'The seller’s reason',
  decisionShown: 'The admin’s decision',
  decisionWords: {
    accept: 'Return accepted by an admin',
    refund: 'Refund decided by an admin',
    reject: 'Return rejected by an admin',
  } satisfies Record<ReturnDecision, string>,
  refundShown: (cents: number) => `Refund: ${formatPrice(cents)}`,

  // Admin: Returns
  adminTitle: 'Returns',
  adminEmpty: 'No returns wait for a decision',
  decide: 'Decide',
  decideTitle: (productName: string) => `Decide the return of ${productName}`,
  decisionLabel: 'Decision',
  decisionOptions: {
    accept: 'Accept the return (a prepaid label is bought)',
    refund: 'Refund without a return, or after it came back',
    reject: 'Reject the return (the order completes as usual)',
  } satisfies Record<ReturnDecision, string>,
  decisionReason: 'Reason (the buyer and the seller read it)',
  refundAmount: 'Amount to refund (USD, leave empty for all of it)',
  refundAmountHint: (leftCents: number) =>
    `Up to ${formatPrice(leftCents)}, all that the buyer paid and was not refunded yet.`,
  confirmDecision: 'Decide',
  deciding: 'Saving…',
  decidedToast: 'Decision saved',
  readMessages: 'Read the buyer and seller’s messages',
  loadMore: 'Load more',

  // The web's return panel, photo picker and Returns table (added beside the API's texts)
  statusLabel: 'Status',
  reasonShown: 'The buyer’s reason',
  photosShown: 'Photos',
  photoAlt: (n: number) => `Return photo ${n}`,
  photosHint: `Up to ${returnLimits.maxPhotos} photos of the phone, JPEG, PNG, WebP or AVIF, up to 10 MB each.`,
  photoCount: (n: number) => `${n} of ${returnLimits.maxPhotos} photos`,
  photosLimitReached: `That is ${returnLimits.maxPhotos} photos, the most a return can have.`,
  photosLeftOut: (n: number) =>
    `${n === 1 ? 'One photo was' : `${n} photos were`} left out: a return has at most ${returnLimits.maxPhotos} photos.`,
  askedAt: 'Asked on',
  sellerAnswersBy: (until: string) =>
    `The seller answers by ${until}; if they decline or do not answer, an admin decides.`,
  answerShown: 'The seller’s answer',
  answerWords: { accepted: 'Accepted', declined: 'Declined' } as const,
  noAnswer: 'No answer yet',
  returnParcelShown: 'Return parcel',
  parcelNotScanned: 'Not scanned yet',
  arrivedAt: 'Arrived on',
  imeiShown: 'IMEI check',
  imeiWords: {
    match: 'The IMEI matches the phone sold: the refund is on its way',
    mismatch: 'The IMEI does not match the phone sold: an admin decides',
  } as const,
  refundAll: 'Refund: all that the buyer paid',
  relistedShown: 'Back on sale',
  returnLabelFileName: (orderId: string) => `recell-return-label-${orderId.slice(0, 8)}.pdf`,
  preparingReturnLabel: 'Preparing the label…',
  columns: {
    phone: 'Phone',
    price: 'Price',
    people: 'Buyer and seller',
    reason: 'Buyer’s reason',
    answer: 'Seller’s answer',
    status: 'Status',
    action: 'Action',
  } as const,
  openOrder: 'Open the order’s page',
  paidShown: (paidCents: number, refundedCents: number) =>
    refundedCents > 0
      ? `Paid ${formatPrice(paidCents)}, ${formatPrice(refundedCents)} refunded`
      : `Paid ${formatPrice(paidCents)}`,
  amountInvalid: 'Enter an amount in dollars and cents, more than nothing, or leave it empty',
} as const;

/** The notices of each step (in-app and by email), to the other party (or both). */
export const returnNotices = {
  requested: (phone: string, until: string) => ({
    title: 'A buyer asks for a return',
    body: `The buyer of your ${phone} asks to return it. Answer on the order's page by ${until}, or an admin decides.`,
  }),
  accepted: (phone: string) => ({
    title: 'Return accepted',
    body: `The seller accepted the return of the ${phone}. Print the prepaid return label on the order's page and send the phone back.`,
  }),
  declined: (phone: string) => ({
    title: 'Return declined',
    body: `The seller declined the return of the ${phone}. An admin reads both sides and decides.`,
  }),
  escalated: (phone: string) => ({
    title: 'An admin decides the return',
    body: `The seller did not answer the return of the ${phone} in time. An admin reads both sides and decides.`,
  }),
  arrived: (phone: string) => ({
    title: 'The returned phone arrived',
    body: `The carrier delivered the returned ${phone} to you. Check its IMEI on the order's page so the buyer can be refunded.`,
  }),
  imeiMismatch: (phone: string) => ({
    title: 'The returned phone’s IMEI does not match',
    body: `The seller reports that the phone returned is not the ${phone} sold. An admin reads both sides and decides.`,
  }),
  refunded: (phone: string, cents: number) => ({
    title: 'Return refunded',
    body: `The return of the ${phone} is refunded: ${formatPrice(cents)} go back to the buyer's card.`,
  }),
  decided: (phone: string, decision: ReturnDecision, reason: string) => ({
    title:
      decision === 'accept'
        ? 'Return accepted by an admin'
        : decision === 'refund'
          ? 'Return refunded by an admin'
          : 'Return rejected',
    body:
      (decision === 'accept'
        ? `An admin accepted the return of the ${phone}: a prepaid return label is on the order's page.`
        : decision === 'refund'
          ? `An admin decided to refund the order of the ${phone}.`
          : `An admin rejected the return of the ${phone}; the order completes as usual.`) + ` Reason: ${reason}`,
  }),
} as const;
