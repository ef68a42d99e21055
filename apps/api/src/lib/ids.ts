import { buyingMessages, listingMessages } from '@recell/contract';
import { notFound } from '../errors.ts';

/** A UUID, in either case (as ids arrive in paths, cursors and tokens). */
export const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An id from the path, lower-cased; a malformed one names nothing: a 404 with `message`, never a database error. */
export const idOrNotFound = (id: string, message: string) => {
  if (!uuidPattern.test(id)) throw notFound(message);
  return id.toLowerCase();
};

/** A phone's id from the path; a malformed one names no phone (404 productNotFound). */
export const productIdOf = (id: string) => idOrNotFound(id, listingMessages.productNotFound);

/** An order's id from the path; a malformed one names no order (404 orderNotFound). */
export const orderIdOf = (id: string) => idOrNotFound(id, buyingMessages.orderNotFound);
