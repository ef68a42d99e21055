/**
 * Texts of listing review (docs/decisions/0068): the verification code and photo on Add Product,
 * a listing's review states on My Products, the admin's Listing review queue, and the API's
 * refusals. Their own module: only the pages that use them load them.
 */
import { listingReviewLimits } from './listing-review-rules.ts';

export const listingReviewTexts = {
  // Add Product
  photoHeading: 'Verification photo',
  photoIntro: (code: string) =>
    `Your first listings are checked by an admin before buyers see them. Write the code ${code} on a piece of paper and take a photo of the phone beside it.`,
  codeLabel: 'Your code for this listing:',
  photoLabel: 'Photo of the phone beside the code',
  photoHint: 'Only admins see this photo; it is never shown to buyers.',
  photoUploading: 'Uploading the verification photo…',
  photoUploaded: 'Verification photo added',
  codeLoading: 'Getting your code…',
  codeFailed: 'Your code could not be loaded. Reload the page to try again.',
  submittedForReview: 'Listing submitted: an admin will check it before buyers see it',

  // My Products
  statusPending: 'Pending review',
  statusRejected: 'Rejected',
  rejectedStatement: (reason: string) =>
    `An admin rejected this listing, so buyers do not see it. Reason: ${reason} You can edit the listing: saving your changes sends it for review again.`,
  pendingStatement: 'An admin checks this listing before buyers see it.',

  // The admin's queue
  queueHeading: 'Listing review',
  queueCaption: 'Listings waiting for review, oldest first',
  queueEmpty: 'No listings are waiting for review.',
  colPhone: 'Phone',
  colSeller: 'Seller',
  colPrice: 'Price',
  colSubmitted: 'Submitted',
  colPhoto: 'Verification photo',
  colActions: 'Actions',
  photoAlt: (phone: string) => `Verification photo of the ${phone}`,
  photoMissing: 'No photo',
  approve: 'Approve',
  reject: 'Reject',
  approved: 'Listing approved: it is now for sale',
  rejected: 'Listing rejected: the seller has been told why',
  rejectDialogTitle: (phone: string) => `Reject the ${phone}`,
  rejectReasonLabel: 'Reason the seller will read',
  rejectReasonHint: `At most ${listingReviewLimits.reasonMaxLength} characters.`,
  rejectConfirm: 'Reject listing',
  rejecting: 'Rejecting…',
  colImage: 'Image',
  cancel: 'Cancel',
  loadMore: 'Show more',
  loadFailed: 'The listings waiting for review could not be loaded. Try again.',
} as const;

/** The API's refusals about listing review. */
export const listingReviewMessages = {
  codeRequired: 'Add the verification photo with your code before listing this phone',
  codeInvalid: 'This verification code is not yours or was already used; get a new one from Add Product',
  photoRequired: 'Add the verification photo with your code before listing this phone',
  codeNotReviewed: 'Your listings go live without a verification photo',
  notPending: 'This listing is not waiting for review',
  reasonRequired: 'Say why the listing is rejected',
  reasonTooLong: `Keep the reason to ${listingReviewLimits.reasonMaxLength} characters`,
  photoNotFound: 'This listing has no verification photo',
  notLiveCannotBeAdvertised: 'Only a listing that is for sale can be advertised',
} as const;

/** Notices the seller reads under the bell (and by email). */
export const listingReviewNotices = {
  approved: (phone: string) => ({
    title: 'Listing approved',
    body: `An admin approved your listing of the ${phone}: it is now for sale.`,
  }),
  rejected: (phone: string, reason: string) => ({
    title: 'Listing rejected',
    body: `An admin rejected your listing of the ${phone}. Reason: ${reason} You can edit the listing on My Products: saving it sends it for review again.`,
  }),
} as const;
