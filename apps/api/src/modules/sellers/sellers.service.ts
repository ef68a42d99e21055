import {
  ratingAverageOf,
  sellerMessages,
  type PageQuery,
  type ProductPage,
  type SellerProfile,
} from '@recell/contract';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import { decodeCursor, NewestCursorSchema, pageOf } from '../../lib/cursor.ts';
import { idOrNotFound } from '../../lib/ids.ts';
import { toListedProduct } from '../catalogue/index.ts';
import * as repository from './sellers.repository.ts';

const sellerNotFound = () => notFound(sellerMessages.sellerNotFound);

const activeSeller = async (db: Database, id: string) => {
  const seller = await repository.findActiveSeller(db, idOrNotFound(id, sellerMessages.sellerNotFound));
  if (!seller) throw sellerNotFound();
  return seller;
};

/** A seller's page: public fields only; an unknown, non-seller or disabled account is a 404. */
export const getSeller = async (db: Database, id: string): Promise<SellerProfile> => {
  const seller = await activeSeller(db, id);
  return {
    id: seller.id,
    name: seller.name,
    imageUrl: seller.imageUrl,
    isVerified: seller.verified,
    memberSince: new Date(seller.createdAt).toISOString(),
    ratingAverage: ratingAverageOf(seller.ratingSum, seller.ratingCount),
    ratingCount: seller.ratingCount,
  };
};

/** The seller's phones for sale (sold and removed ones are not listed), newest first, a page at a time. */
export const listSellerProducts = async (db: Database, id: string, query: PageQuery): Promise<ProductPage> => {
  const seller = await activeSeller(db, id);
  const after = decodeCursor(query.cursor, NewestCursorSchema);
  const rows = await repository.listAvailableOfSeller(db, seller.id, { limit: query.limit + 1, after });
  return pageOf(rows, query.limit, toListedProduct, (row) => ({ us: row.us, id: row.id }));
};
