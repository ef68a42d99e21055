/**
 * Questions on a listing before booking (docs/decisions/0067).
 *
 * - A signed-in buyer or seller who is not the listing's seller asks while it is for sale; at most
 *   `questionLimits.openPerAskerPerListing` of their questions wait for an answer on one listing
 *   (counted under the listing's lock, so two at once cannot pass it). The seller is notified.
 * - The listing's seller answers once, while the listing is live; the asker is notified. Anyone else
 *   gets the 404 an unknown question gets.
 * - Answered questions no admin hid are public, to visitors too; who asked is never sent. The
 *   seller and admins also see the ones waiting, an asker their own. An admin hides a question or
 *   shows it again, audited; hidden ones leave every view but an admin's.
 * - Contact details in questions and answers are masked before they are stored.
 */
import {
  adminAuditActions,
  maskContactDetails,
  productQuestionsPath,
  questionLimits,
  questionMessages,
  questionNotices,
  type NewQuestion,
  type ProductQuestions,
  type ProductQuestionsQuery,
  type Question,
  type QuestionAnswer,
} from '@recell/contract';
import type { Database, Executor } from '../../db/client.ts';
import { shortTransaction } from '../../db/short-transaction.ts';
import { conflict, forbidden, notFound } from '../../errors.ts';
import { decodeCursor, NewestCursorSchema, pageOf } from '../../lib/cursor.ts';
import { idOrNotFound } from '../../lib/ids.ts';
import type { AuthUser } from '../auth/index.ts';
import { insertAuditEntry } from '../audit/index.ts';
import { notify } from '../notifications/index.ts';
import { lockProduct } from '../products/index.ts';
import * as repository from './questions.repository.ts';

export interface QuestionDeps {
  db: Database;
  /** The site's address; the notices' emails link from it. */
  publicUrl: string;
  /** Tells the app that committed emails wait in the outbox. */
  emailsQueued: () => void;
}

const productNotFound = () => notFound(questionMessages.productNotFound);
const questionNotFound = () => notFound(questionMessages.questionNotFound);
const productIdOf = (id: string) => idOrNotFound(id, questionMessages.productNotFound);
const questionIdOf = (id: string) => idOrNotFound(id, questionMessages.questionNotFound);

const iso = (value: Date | string) => new Date(value).toISOString();

/** A question as `viewer` sees it: never who asked, only whether it was them. */
const toQuestion =
  (viewer: AuthUser | null) =>
  (row: repository.QuestionRow): Question => ({
    id: row.id,
    text: row.text,
    answer: row.answer,
    askedAt: iso(row.createdAt),
    answeredAt: row.answeredAt === null ? null : iso(row.answeredAt),
    isMine: viewer !== null && row.askerId === viewer.id,
    isHidden: row.hiddenAt !== null,
  });

/** A live listing (for sale or sold, its seller active); anything else is the phone's 404. */
const liveListing = async (db: Executor, productId: string) => {
  const listing = await repository.findListing(db, productId);
  if (!listing || !repository.isLive(listing)) throw productNotFound();
  return listing;
};

/**
 * A listing's questions as `viewer` (null: a visitor) may see them: a page of answered ones, and on
 * the first page the waiting ones they may see, with what they may do.
 */
export const listQuestions = async (
  db: Database,
  viewer: AuthUser | null,
  id: string,
  query: ProductQuestionsQuery,
): Promise<ProductQuestions> => {
  const listing = await liveListing(db, productIdOf(id));
  const isSeller = viewer !== null && viewer.id === listing.sellerId;
  const canModerate = viewer?.role === 'admin';
  const before = decodeCursor(query.cursor, NewestCursorSchema);
  const rows = await repository.listAnswered(db, listing.id, {
    limit: query.limit + 1,
    before,
    withHidden: canModerate,
  });
  const page = pageOf(rows, query.limit, toQuestion(viewer), (row) => ({ us: row.us, id: row.id }));

  // The waiting ones come with the first page only (the later pages hold older answers).
  let unanswered: repository.QuestionRow[] = [];
  let unansweredCount = 0;
  if (viewer !== null && before === undefined) {
    if (isSeller || canModerate) {
      const waiting = await repository.listUnanswered(db, listing.id, {
        limit: questionLimits.unansweredMax,
        withHidden: canModerate,
      });
      unanswered = waiting.rows;
      unansweredCount = waiting.total;
    } else {
      const mine = await repository.listUnanswered(db, listing.id, {
        limit: questionLimits.openPerAskerPerListing,
        askerId: viewer.id,
        withHidden: false,
      });
      unanswered = mine.rows;
    }
  }
  return {
    ...page,
    unanswered: unanswered.map(toQuestion(viewer)),
    unansweredCount,
    viewer: {
      canAsk: viewer !== null && !isSeller && viewer.role !== 'admin' && listing.status === 'available',
      isSeller,
      canModerate,
    },
  };
};

/**
 * `asker` asks on a listing for sale that is not theirs, with at most the allowed number waiting;
 * the seller is notified in the same transaction.
 */
export const askQuestion = async (
  deps: QuestionDeps,
  asker: AuthUser,
  id: string,
  input: NewQuestion,
): Promise<Question> => {
  const productId = productIdOf(id);
  const row = await shortTransaction(deps.db, async (tx) => {
    // The listing's lock makes asks on it wait for each other: the open count below holds.
    if (!(await lockProduct(tx, productId))) throw productNotFound();
    const listing = await liveListing(tx, productId);
    if (listing.sellerId === asker.id) throw forbidden(questionMessages.ownListing);
    if (listing.status !== 'available') throw conflict(questionMessages.notForSale);
    if ((await repository.countOpenQuestions(tx, productId, asker.id)) >= questionLimits.openPerAskerPerListing)
      throw conflict(questionMessages.tooManyOpen);
    const question = await repository.insertQuestion(tx, {
      productId,
      askerId: asker.id,
      text: maskContactDetails(input.text).text,
    });
    await notify(tx, deps, {
      userId: listing.sellerId,
      kind: 'new_question',
      ...questionNotices.newQuestion(listing.name),
      link: productQuestionsPath(productId),
    });
    return question;
  });
  deps.emailsQueued();
  return toQuestion(asker)(row);
};

/**
 * The listing's seller answers a waiting question once, while the listing is live; the asker is
 * notified. Anyone else, like an unknown question, gets a 404.
 */
export const answerQuestion = async (
  deps: QuestionDeps,
  seller: AuthUser,
  id: string,
  input: QuestionAnswer,
): Promise<Question> => {
  const questionId = questionIdOf(id);
  const row = await shortTransaction(deps.db, async (tx) => {
    const question = await repository.findQuestion(tx, questionId, { forUpdate: true });
    if (!question) throw questionNotFound();
    const listing = await repository.findListing(tx, question.productId);
    if (!listing || listing.sellerId !== seller.id || !repository.isLive(listing)) throw questionNotFound();
    if (question.answeredAt !== null) throw conflict(questionMessages.alreadyAnswered);
    if (question.hiddenAt !== null) throw conflict(questionMessages.hidden);
    const answered = await repository.setAnswer(tx, questionId, maskContactDetails(input.answer).text);
    if (!answered) throw conflict(questionMessages.alreadyAnswered);
    await notify(tx, deps, {
      userId: question.askerId,
      kind: 'question_answered',
      ...questionNotices.answered(listing.name),
      link: productQuestionsPath(listing.id),
    });
    return answered;
  });
  deps.emailsQueued();
  return toQuestion(seller)(row);
};

/**
 * An admin hides a question (`hidden`) or shows it again. What is already so changes nothing and
 * records nothing; a change is audited in its transaction.
 */
export const setQuestionHidden = async (
  { db }: QuestionDeps,
  admin: AuthUser,
  id: string,
  hidden: boolean,
): Promise<Question> => {
  const questionId = questionIdOf(id);
  const row = await shortTransaction(db, async (tx) => {
    const question = await repository.findQuestion(tx, questionId, { forUpdate: true });
    if (!question) throw questionNotFound();
    if (await repository.setHidden(tx, questionId, hidden ? admin.id : null)) {
      await insertAuditEntry(tx, {
        actorId: admin.id,
        action: hidden ? adminAuditActions.questionHidden : adminAuditActions.questionShown,
        subjectType: 'question',
        subjectId: questionId,
        detail: { productId: question.productId, text: question.text },
      });
    }
    return repository.findQuestion(tx, questionId);
  });
  return toQuestion(admin)(row!);
};
