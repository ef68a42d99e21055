/** Listing review (docs/decisions/0068): the verification code and photo, the admin's queue and decisions. */
import { z } from './zod.ts';
import { text } from './text.ts';
import { listingReviewLimits } from './listing-review-rules.ts';
import { listingReviewMessages } from './listing-review-texts.ts';

const codePattern = new RegExp(`^[${listingReviewLimits.codeAlphabet}]{${listingReviewLimits.codeLength}}$`);

/** A verification code as a seller types or sends it: trimmed, any case. */
export const VerificationCodeSchema = text({ error: listingReviewMessages.codeInvalid })
  .trim()
  .toUpperCase()
  .regex(codePattern, listingReviewMessages.codeInvalid);

/**
 * POST /api/listing-codes: whether the seller's next listing waits for review; when it does, the
 * code issued for it (to write beside the phone in the verification photo).
 */
export const ListingCodeSchema = z
  .object({ reviewRequired: z.boolean(), code: z.string().nullable() })
  .meta({ id: 'ListingCode' });
export type ListingCode = z.infer<typeof ListingCodeSchema>;

export const ListingCodeParamsSchema = z.object({ code: VerificationCodeSchema });

/** A verification photo, for an admin or its seller only: a small WebP as a data URL, never a public address. */
export const VerificationPhotoSchema = z.object({ dataUrl: z.string() }).meta({ id: 'VerificationPhoto' });
export type VerificationPhoto = z.infer<typeof VerificationPhotoSchema>;

/** A listing waiting in the admin's Listing review queue. */
export const PendingListingSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    brand: z.string(),
    model: z.string(),
    priceCents: z.number().int(),
    imageUrl: z.string(),
    submittedAt: z.iso.datetime({ offset: true }),
    hasPhoto: z.boolean(),
    seller: z.object({ id: z.uuid(), name: z.string(), email: z.string() }),
  })
  .meta({ id: 'PendingListing' });
export type PendingListing = z.infer<typeof PendingListingSchema>;

export const PendingListingPageSchema = z
  .object({ items: z.array(PendingListingSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'PendingListingPage' });
export type PendingListingPage = z.infer<typeof PendingListingPageSchema>;

/** Reject on Listing review: the reason the seller reads. */
export const RejectListingSchema = z
  .object({
    reason: text({ error: listingReviewMessages.reasonRequired })
      .trim()
      .min(1, listingReviewMessages.reasonRequired)
      .max(listingReviewLimits.reasonMaxLength, listingReviewMessages.reasonTooLong),
  })
  .meta({ id: 'RejectListing' });
export type RejectListing = z.infer<typeof RejectListingSchema>;
export type RejectListingInput = z.input<typeof RejectListingSchema>;
