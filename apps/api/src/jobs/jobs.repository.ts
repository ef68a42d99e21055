/**
 * The housekeeping jobs' reads (old webhook events and ended sessions are deleted by their tables'
 * repositories, payments and sessions). Every delete works in bounded batches (one short statement each), so a large backlog never holds
 * a long lock or a long transaction.
 */
import { and, asc, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { categories, orderReturns, productPhotos, products, users } from '../db/schema.ts';

/**
 * Every image URL a row points at (profile photos, listing pictures and photos, category pictures), a page
 * at a time: users and products are walked by primary key so no read holds them all at once.
 */
export async function* referencedImageUrls(db: Executor, pageSize = 10_000): AsyncGenerator<string[]> {
  yield (await db.select({ url: categories.imageUrl }).from(categories)).map((row) => row.url);
  for (const table of [users, products] as const) {
    let after: string | undefined;
    for (;;) {
      const page = await db
        .select({ id: table.id, url: table.imageUrl })
        .from(table)
        .where(and(isNotNull(table.imageUrl), after === undefined ? undefined : gt(table.id, after)))
        .orderBy(asc(table.id))
        .limit(pageSize);
      if (page.length === 0) break;
      yield page.map((row) => row.url!);
      after = page.at(-1)!.id;
      if (page.length < pageSize) break;
    }
  }
  // A listing's photos besides its cover (the cover is products.image_url too).
  let after: { productId: string; position: number } | undefined;
  for (;;) {
    const page = await db
      .select({ productId: productPhotos.productId, position: productPhotos.position, url: productPhotos.imageUrl })
      .from(productPhotos)
      .where(
        after === undefined
          ? undefined
          : sql`(${productPhotos.productId}, ${productPhotos.position}) > (${after.productId}::uuid, ${after.position})`,
      )
      .orderBy(asc(productPhotos.productId), asc(productPhotos.position))
      .limit(pageSize);
    if (page.length === 0) break;
    yield page.map((row) => row.url);
    after = page.at(-1)!;
    if (page.length < pageSize) break;
  }
  // A return request's photos (decision 0074), a page of returns at a time.
  let afterReturn: string | undefined;
  for (;;) {
    const page = await db
      .select({ id: orderReturns.id, urls: orderReturns.photoUrls })
      .from(orderReturns)
      .where(afterReturn === undefined ? undefined : gt(orderReturns.id, afterReturn))
      .orderBy(asc(orderReturns.id))
      .limit(pageSize);
    if (page.length === 0) break;
    yield page.flatMap((row) => row.urls);
    afterReturn = page.at(-1)!.id;
    if (page.length < pageSize) break;
  }
}

/** Which of `urls` a row points at now (the last look before an image is deleted). */
export const findReferencedImageUrls = async (db: Executor, urls: string[]): Promise<Set<string>> => {
  if (urls.length === 0) return new Set();
  // One after another: a housekeeping job takes one pooled connection, never three.
  const byUser = await db.select({ url: users.imageUrl }).from(users).where(inArray(users.imageUrl, urls));
  const byProduct = await db.select({ url: products.imageUrl }).from(products).where(inArray(products.imageUrl, urls));
  const byPhoto = await db
    .select({ url: productPhotos.imageUrl })
    .from(productPhotos)
    .where(inArray(productPhotos.imageUrl, urls));
  const byCategory = await db
    .select({ url: categories.imageUrl })
    .from(categories)
    .where(inArray(categories.imageUrl, urls));
  const byReturn = await db
    .select({ url: sql<string>`unnest(${orderReturns.photoUrls})` })
    .from(orderReturns)
    .where(sql`${orderReturns.photoUrls} && ${sql.param(urls)}::text[]`);
  return new Set([...byUser, ...byProduct, ...byPhoto, ...byCategory, ...byReturn].map((row) => row.url!));
};
