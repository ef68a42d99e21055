import { z } from 'zod';
import type { Category, PageQuery, Product, ProductPage } from '@recell/contract';
import type { Database } from '../../db/client.ts';
import { decodeCursor, encodeCursor } from '../../lib/cursor.ts';
import * as repository from './catalogue.repository.ts';

export const listCategories = async (db: Database): Promise<Category[]> =>
  (await repository.listCategories(db)) as Category[];

export const toPublicProduct = (row: Omit<repository.PublicProductRow, 'advertisedAt'>): Product => ({
  id: row.id,
  categoryId: row.categoryId as Product['categoryId'],
  name: row.name,
  brand: row.brand,
  model: row.model,
  priceCents: row.priceCents,
  originalPriceCents: row.originalPriceCents,
  condition: row.condition,
  used: row.used,
  location: row.location,
  authenticity: row.authenticity,
  features: row.features,
  description: row.description,
  imageUrl: row.imageUrl,
  status: row.status,
  isAdvertised: Boolean(row.isAdvertised),
  createdAt: new Date(row.createdAt).toISOString(),
  seller: { id: row.sellerId, name: row.sellerName, email: row.sellerEmail, isVerified: row.sellerVerified },
});

const AdvertisedCursorSchema = z.object({ at: z.string().min(1).max(64), id: z.uuid() });

export const listAdvertised = async (db: Database, query: PageQuery): Promise<ProductPage> => {
  const after = decodeCursor(query.cursor, AdvertisedCursorSchema);
  // One extra row tells whether another page exists without a count query.
  const rows = await repository.listAdvertised(db, { limit: query.limit + 1, after });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(toPublicProduct),
    nextCursor: rows.length > query.limit && last ? encodeCursor({ at: last.advertisedAt, id: last.id }) : null,
  };
};
