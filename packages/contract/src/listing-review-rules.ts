/** Bounds of listing review (docs/decisions/0068). */
export const listingReviewLimits = {
  /** The code a seller writes on paper beside the phone: this many characters. */
  codeLength: 6,
  /** Letters and digits that cannot be mistaken for each other when handwritten (no 0/O, 1/I/L). */
  codeAlphabet: 'ABCDEFGHJKMNPQRSTUVWXYZ23456789',
  /** An admin's reason for rejecting a listing. */
  reasonMaxLength: 500,
} as const;
