/**
 * Ratings: after a completed order (paid, and the phone changed hands) its buyer rates the seller
 * 1–5 stars with an optional comment, once; the seller may reply once; an admin may hide an abusive
 * comment (its stars still count). docs/decisions/0044.
 */
import { z } from './zod.ts';
import { text } from './text.ts';

export const ratingLimits = {
  minStars: 1,
  maxStars: 5,
  comment: 1000,
  reply: 1000,
} as const;

/** The stars one may give, lowest first. */
export const ratingStars = [1, 2, 3, 4, 5] as const;

/** The API's refusals and the forms' messages. */
export const ratingMessages = {
  starsRequired: 'Choose from 1 to 5 stars',
  commentTooLong: `Keep the comment under ${ratingLimits.comment} characters`,
  replyRequired: 'Write your reply',
  replyTooLong: `Keep the reply under ${ratingLimits.reply} characters`,
  notCompleted: 'You can rate the seller once the order is completed',
  refunded: 'A refunded order cannot be rated',
  alreadyRated: 'You have already rated the seller for this order',
  noRatingYet: 'The buyer has not rated this order yet',
  alreadyReplied: 'You have already replied to this rating',
  ratingNotFound: 'Rating not found',
  noComment: 'This rating has no comment',
} as const;

const commentOf = (max: number, error: string) =>
  text({ multiLine: true })
    .trim()
    .max(max, error)
    .transform((value) => (value === '' ? null : value));

/** POST /api/orders/:id/rating: the stars and an optional comment (empty is none). */
export const RateSellerSchema = z
  .object({
    stars: z
      .number({ error: ratingMessages.starsRequired })
      .int(ratingMessages.starsRequired)
      .min(ratingLimits.minStars, ratingMessages.starsRequired)
      .max(ratingLimits.maxStars, ratingMessages.starsRequired),
    comment: commentOf(ratingLimits.comment, ratingMessages.commentTooLong).nullish(),
  })
  .meta({ id: 'RateSeller' });
export type RateSellerInput = z.input<typeof RateSellerSchema>;
export type RateSeller = z.output<typeof RateSellerSchema>;

/** The rating dialog's form: the stars come from a radio group, as text. */
export const RateSellerFormSchema = z.object({
  stars: z.enum(['1', '2', '3', '4', '5'], { error: ratingMessages.starsRequired }),
  comment: text({ multiLine: true }).trim().max(ratingLimits.comment, ratingMessages.commentTooLong),
});
export type RateSellerFormInput = z.input<typeof RateSellerFormSchema>;
export type RateSellerForm = z.output<typeof RateSellerFormSchema>;

/** POST /api/orders/:id/rating/reply: the seller's one reply. */
export const RatingReplySchema = z
  .object({
    reply: text({ multiLine: true, error: ratingMessages.replyRequired })
      .trim()
      .min(1, ratingMessages.replyRequired)
      .max(ratingLimits.reply, ratingMessages.replyTooLong),
  })
  .meta({ id: 'RatingReply' });
export type RatingReplyInput = z.input<typeof RatingReplySchema>;
export type RatingReply = z.output<typeof RatingReplySchema>;

/**
 * A rating as anyone may see it. A hidden comment is never sent (`comment` null,
 * `isCommentHidden` true); its stars still count. The buyer shows by first name only.
 */
export const RatingSchema = z
  .object({
    id: z.uuid(),
    orderId: z.uuid(),
    stars: z.number().int().min(ratingLimits.minStars).max(ratingLimits.maxStars),
    comment: z.string().nullable(),
    isCommentHidden: z.boolean(),
    reply: z.string().nullable(),
    repliedAt: z.iso.datetime({ offset: true }).nullable(),
    createdAt: z.iso.datetime({ offset: true }),
    /** The buyer's first name. */
    buyerName: z.string(),
    /** The phone the order was for. */
    productName: z.string(),
  })
  .meta({ id: 'Rating' });
export type Rating = z.infer<typeof RatingSchema>;

export const RatingPageSchema = z
  .object({ items: z.array(RatingSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'RatingPage' });
export type RatingPage = z.infer<typeof RatingPageSchema>;

export const RatingIdParamsSchema = z.object({ id: text().max(64) });

/** The average of `sum` over `count` ratings to one decimal (half up), or null when there are none. */
export const ratingAverageOf = (sum: number, count: number): number | null =>
  count > 0 ? Math.round((sum * 10) / count) / 10 : null;
