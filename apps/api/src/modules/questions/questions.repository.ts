/**
 * Questions on listings in the database: the owner of product_questions. Products and users are
 * only read here (their own repositories write them).
 */
import { and, asc, count, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { microsOf, timestampOf } from '../../db/micros.ts';
import { productQuestions, products, users } from '../../db/schema.ts';
import type { NewestKey } from '../../lib/cursor.ts';

/** A listing as its questions need it: its seller, its name, whether it is for sale and live. */
export const findListing = async (db: Executor, productId: string) => {
  const [row] = await db
    .select({
      id: products.id,
      sellerId: products.sellerId,
      name: products.name,
      status: products.status,
      sellerDisabledAt: users.disabledAt,
    })
    .from(products)
    .innerJoin(users, eq(users.id, products.sellerId))
    .where(eq(products.id, productId))
    .limit(1);
  return row;
};
export type ListingRow = NonNullable<Awaited<ReturnType<typeof findListing>>>;

/** For sale or sold, by a seller whose account is active: the listings anyone may see. */
export const isLive = (listing: ListingRow) => listing.status !== 'removed' && listing.sellerDisabledAt === null;

const questionColumns = {
  id: productQuestions.id,
  productId: productQuestions.productId,
  askerId: productQuestions.askerId,
  text: productQuestions.text,
  answer: productQuestions.answer,
  answeredAt: productQuestions.answeredAt,
  createdAt: productQuestions.createdAt,
  hiddenAt: productQuestions.hiddenAt,
  us: microsOf(productQuestions.createdAt),
};
export type QuestionRow = {
  id: string;
  productId: string;
  askerId: string;
  text: string;
  answer: string | null;
  answeredAt: Date | string | null;
  createdAt: Date | string;
  hiddenAt: Date | string | null;
  us: string;
};

/** The questions `askerId` has waiting for an answer on the listing (hidden ones count too). */
export const countOpenQuestions = async (db: Executor, productId: string, askerId: string): Promise<number> => {
  const [row] = await db
    .select({ n: count() })
    .from(productQuestions)
    .where(
      and(
        eq(productQuestions.productId, productId),
        eq(productQuestions.askerId, askerId),
        isNull(productQuestions.answeredAt),
      ),
    );
  return Number(row?.n ?? 0);
};

export const insertQuestion = async (
  tx: Executor,
  values: { productId: string; askerId: string; text: string },
): Promise<QuestionRow> => {
  const [row] = await tx.insert(productQuestions).values(values).returning(questionColumns);
  return row!;
};

/** One question, locked for a change when `forUpdate` (an answer, hiding it). */
export const findQuestion = async (
  db: Executor,
  id: string,
  opts: { forUpdate?: boolean } = {},
): Promise<QuestionRow | undefined> => {
  const query = db.select(questionColumns).from(productQuestions).where(eq(productQuestions.id, id));
  const [row] = await (opts.forUpdate ? query.for('update') : query);
  return row;
};

/** The answer of a question waiting for one; undefined when it has one already. */
export const setAnswer = async (tx: Executor, id: string, answer: string): Promise<QuestionRow | undefined> => {
  const [row] = await tx
    .update(productQuestions)
    .set({ answer, answeredAt: sql`now()` })
    .where(and(eq(productQuestions.id, id), isNull(productQuestions.answeredAt)))
    .returning(questionColumns);
  return row;
};

/** Hides a question (`adminId`) or shows it again (null); false when it already was so. */
export const setHidden = async (tx: Executor, id: string, adminId: string | null): Promise<boolean> => {
  const rows = await tx
    .update(productQuestions)
    .set(adminId ? { hiddenAt: sql`now()`, hiddenBy: adminId } : { hiddenAt: null, hiddenBy: null })
    .where(
      and(
        eq(productQuestions.id, id),
        adminId ? isNull(productQuestions.hiddenAt) : isNotNull(productQuestions.hiddenAt),
      ),
    )
    .returning({ id: productQuestions.id });
  return rows.length > 0;
};

/**
 * A listing's answered questions, newest asked first, older than `before` when given; hidden ones
 * only with `withHidden` (an admin's view). Without it, product_questions_public_idx answers.
 */
export const listAnswered = (
  db: Executor,
  productId: string,
  opts: { limit: number; before?: NewestKey | undefined; withHidden: boolean },
): Promise<QuestionRow[]> =>
  db
    .select(questionColumns)
    .from(productQuestions)
    .where(
      and(
        eq(productQuestions.productId, productId),
        isNotNull(productQuestions.answeredAt),
        opts.withHidden ? undefined : isNull(productQuestions.hiddenAt),
        opts.before
          ? sql`(${productQuestions.createdAt}, ${productQuestions.id}) < (${timestampOf(opts.before.us)}, ${opts.before.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(productQuestions.createdAt), desc(productQuestions.id))
    .limit(opts.limit);

/**
 * A listing's questions waiting for an answer, oldest first, at most `limit`: one asker's
 * (`askerId`) or everyone's; hidden ones only with `withHidden`. With the count of all of them.
 */
export const listUnanswered = async (
  db: Executor,
  productId: string,
  opts: { limit: number; askerId?: string; withHidden: boolean },
): Promise<{ rows: QuestionRow[]; total: number }> => {
  const where = and(
    eq(productQuestions.productId, productId),
    isNull(productQuestions.answeredAt),
    opts.askerId === undefined ? undefined : eq(productQuestions.askerId, opts.askerId),
    opts.withHidden ? undefined : isNull(productQuestions.hiddenAt),
  );
  const rows = await db
    .select(questionColumns)
    .from(productQuestions)
    .where(where)
    .orderBy(asc(productQuestions.createdAt), asc(productQuestions.id))
    .limit(opts.limit);
  const [total] = await db.select({ n: count() }).from(productQuestions).where(where);
  return { rows, total: Number(total?.n ?? 0) };
};
