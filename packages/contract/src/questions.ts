/**
 * Questions on a listing before booking (docs/decisions/0067): a signed-in person who is not its
 * seller asks while it is for sale (3 to 500 characters, at most 3 waiting per person and listing);
 * its seller answers once (1 to 1000 characters). Answered questions an admin has not hidden are
 * public; who asked is never shown. Contact details in both texts are masked when stored.
 */
import { z } from './zod.ts';
import { PageQuerySchema } from './pagination.ts';
import { questionLimits, questionMessages } from './question-texts.ts';
import { text } from './text.ts';

/** POST /api/products/:id/questions. */
export const NewQuestionSchema = z
  .object({
    text: text({ multiLine: true, error: questionMessages.textTooShort })
      .trim()
      .min(questionLimits.textMin, questionMessages.textTooShort)
      .max(questionLimits.textMax, questionMessages.textTooLong),
  })
  .meta({ id: 'NewQuestion' });
export type NewQuestionInput = z.input<typeof NewQuestionSchema>;
export type NewQuestion = z.output<typeof NewQuestionSchema>;

/** POST /api/questions/:id/answer: the seller's one answer. */
export const QuestionAnswerSchema = z
  .object({
    answer: text({ multiLine: true, error: questionMessages.answerRequired })
      .trim()
      .min(1, questionMessages.answerRequired)
      .max(questionLimits.answerMax, questionMessages.answerTooLong),
  })
  .meta({ id: 'QuestionAnswer' });
export type QuestionAnswerInput = z.input<typeof QuestionAnswerSchema>;
export type QuestionAnswer = z.output<typeof QuestionAnswerSchema>;

export const QuestionIdParamsSchema = z.object({ id: text().max(64) });

/**
 * A question as its reader may see it: its text and answer (contact details masked), when each was
 * written, whether the caller asked it, and (for an admin only) whether it is hidden. Never who
 * asked it.
 */
export const QuestionSchema = z
  .object({
    id: z.uuid(),
    text: z.string(),
    answer: z.string().nullable(),
    askedAt: z.iso.datetime({ offset: true }),
    answeredAt: z.iso.datetime({ offset: true }).nullable(),
    /** The caller asked it. */
    isMine: z.boolean(),
    /** An admin hid it (only admins are sent hidden questions). */
    isHidden: z.boolean(),
  })
  .meta({ id: 'Question' });
export type Question = z.infer<typeof QuestionSchema>;

/**
 * A listing's questions: the answered ones, newest first, a page at a time (hidden ones only for an
 * admin); on the first page also the unanswered ones the caller may see (the seller's and an
 * admin's: all of them, oldest first; someone who asked: their own), and what the caller may do.
 */
export const ProductQuestionsSchema = z
  .object({
    items: z.array(QuestionSchema),
    nextCursor: z.string().nullable(),
    unanswered: z.array(QuestionSchema),
    /** How many questions wait for the seller's answer (told to the seller and admins; else 0). */
    unansweredCount: z.number().int().min(0),
    viewer: z.object({
      /** Signed in, not its seller, may ask (the listing is for sale). */
      canAsk: z.boolean(),
      /** The listing's seller: may answer the unanswered ones. */
      isSeller: z.boolean(),
      /** An admin: may hide and show questions again. */
      canModerate: z.boolean(),
    }),
  })
  .meta({ id: 'ProductQuestions' });
export type ProductQuestions = z.infer<typeof ProductQuestionsSchema>;

export const ProductQuestionsQuerySchema = PageQuerySchema.extend({
  limit: z.coerce
    .number({ error: questionMessages.limitInvalid })
    .int(questionMessages.limitInvalid)
    .min(1, questionMessages.limitInvalid)
    .max(questionLimits.pageSize, questionMessages.limitInvalid)
    .default(questionLimits.pageSize),
});
export type ProductQuestionsQuery = z.infer<typeof ProductQuestionsQuerySchema>;
