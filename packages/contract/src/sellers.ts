import { z } from './zod.ts';
import { text } from './text.ts';

/** The seller page's refusals. */
export const sellerMessages = {
  sellerNotFound: 'Seller not found',
} as const;

/**
 * A seller as anyone may see them on their page: never the email, the phone number or anything
 * else private (docs/decisions/0039).
 */
export const SellerProfileSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    /** The account's picture (from a social sign-in); null: the page shows the name's initial. */
    imageUrl: z.string().nullable(),
    isVerified: z.boolean(),
    memberSince: z.iso.datetime({ offset: true }),
    /** The average stars to one decimal; null before the first rating (docs/decisions/0044). */
    ratingAverage: z.number().nullable(),
    ratingCount: z.number().int(),
  })
  .meta({ id: 'SellerProfile' });
export type SellerProfile = z.infer<typeof SellerProfileSchema>;

/** Any string, so a malformed id is a 404 like an unknown one. */
export const SellerIdParamsSchema = z.object({ id: text().max(64) });
