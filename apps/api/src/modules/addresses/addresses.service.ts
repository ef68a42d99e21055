/**
 * A person's delivery addresses. Adding one asks the shipping port to verify it first, with no
 * transaction open (the port may be a network call): an address the carrier cannot verify is
 * refused with the carrier's reason and nothing is kept; a verified one is kept in the carrier's
 * corrected form with its id. At most `addressLimits.perPerson` live addresses per person, counted
 * under a per-person lock. Removal is soft (orders keep their own copy). A seller chooses one of
 * their addresses to ship sold phones from.
 */
import {
  addressLimits,
  addressMessages,
  type Address,
  type AddressForm,
  type AddressList,
  type ShipFromAddress,
} from '@recell/contract';
import type { Database, Executor } from '../../db/client.ts';
import { shortTransaction } from '../../db/short-transaction.ts';
import { AppError, badRequest, conflict, notFound } from '../../errors.ts';
import { idOrNotFound } from '../../lib/ids.ts';
import { ShippingUnavailableError, type ShippingPort } from '../../adapters/shipping/index.ts';
import * as repository from './addresses.repository.ts';

export interface AddressDeps {
  db: Database;
  shipping: Pick<ShippingPort, 'verifyAddress'>;
}

const addressNotFound = () => notFound(addressMessages.addressNotFound);
const addressIdOf = (id: string) => idOrNotFound(id, addressMessages.addressNotFound);

const toAddress = (row: repository.AddressRow): Address => ({
  id: row.id,
  name: row.name,
  line1: row.line1,
  line2: row.line2,
  city: row.city,
  region: row.region,
  postalCode: row.postalCode,
  country: row.country,
  phone: row.phone,
  isShipFrom: row.isShipFrom,
  createdAt: new Date(row.createdAt).toISOString(),
});

const listOf = async (db: Executor, userId: string): Promise<AddressList> => ({
  items: (await repository.listLive(db, userId)).map(toAddress),
  max: addressLimits.perPerson,
});

/** The person's live addresses, oldest first, the ship-from one marked. */
export const listMyAddresses = ({ db }: Pick<AddressDeps, 'db'>, userId: string) => listOf(db, userId);

const isFull = async (db: Executor, userId: string) =>
  (await repository.countLive(db, userId)) >= addressLimits.perPerson;

/**
 * The carrier's corrected form of the address, ready to keep: a 400 with the carrier's reason when
 * it cannot verify it, a 503 while it cannot be reached. Called with no transaction open.
 */
const verifiedValuesOf = async (deps: AddressDeps, form: AddressForm) => {
  let verification;
  try {
    verification = await deps.shipping.verifyAddress(form);
  } catch (error) {
    if (error instanceof ShippingUnavailableError)
      throw new AppError('unavailable', addressMessages.verificationUnavailable);
    throw error;
  }
  if (!verification.verified) throw badRequest(verification.reason);
  const { carrierAddressId, ...corrected } = verification.address;
  return {
    name: corrected.name,
    line1: corrected.line1,
    line2: corrected.line2 || null,
    city: corrected.city,
    region: corrected.region,
    postalCode: corrected.postalCode,
    country: corrected.country.toUpperCase(),
    phone: corrected.phone,
    carrierAddressId,
  };
};

/**
 * Verifies the address with the carrier and keeps its corrected form. Refused: a full list (409,
 * checked before and again under the lock), an address the carrier cannot verify (400 with its
 * reason), the carrier out of reach (503).
 */
export const addAddress = async (deps: AddressDeps, userId: string, form: AddressForm): Promise<Address> => {
  // Asking the carrier for an address that could not be kept anyway would be wasted.
  if (await isFull(deps.db, userId)) throw conflict(addressMessages.tooManyAddresses);
  const values = await verifiedValuesOf(deps, form);
  const row = await shortTransaction(deps.db, async (tx) => {
    await repository.lockOwnerAddresses(tx, userId);
    if (await isFull(tx, userId)) throw conflict(addressMessages.tooManyAddresses);
    return repository.insertAddress(tx, { userId, ...values });
  });
  return toAddress(row);
};

/**
 * Changes one of the person's addresses to the carrier's verified form of the new one, in place: it
 * keeps its id and its ship-from mark, and orders shipped to it keep the copy they made. Anyone
 * else's, a removed or an unknown one is a 404 (checked before asking the carrier, and again when
 * writing); an address the carrier cannot verify is a 400 with its reason and changes nothing.
 */
export const changeAddress = async (deps: AddressDeps, userId: string, id: string, form: AddressForm) => {
  const addressId = addressIdOf(id);
  if (!(await repository.findLive(deps.db, userId, addressId))) throw addressNotFound();
  const values = await verifiedValuesOf(deps, form);
  const row = await shortTransaction(deps.db, async (tx) => {
    await repository.lockOwnerAddresses(tx, userId);
    return repository.updateAddress(tx, userId, addressId, values);
  });
  if (!row) throw addressNotFound();
  return toAddress(row);
};

/** Removes one of the person's addresses (soft: orders keep their copies); anyone else's is a 404. */
export const removeAddress = async ({ db }: Pick<AddressDeps, 'db'>, userId: string, id: string): Promise<void> => {
  const addressId = addressIdOf(id);
  const removed = await shortTransaction(db, async (tx) => {
    await repository.lockOwnerAddresses(tx, userId);
    return repository.removeAddress(tx, userId, addressId);
  });
  if (!removed) throw addressNotFound();
};

/** The seller's ship-from address becomes this one of theirs; anyone else's or a removed one is a 404. */
export const chooseShipFrom = async (
  { db }: Pick<AddressDeps, 'db'>,
  sellerId: string,
  { addressId }: ShipFromAddress,
): Promise<AddressList> => {
  const id = addressIdOf(addressId);
  await shortTransaction(db, async (tx) => {
    await repository.lockOwnerAddresses(tx, sellerId);
    if (!(await repository.findLive(tx, sellerId, id))) throw addressNotFound();
    await repository.setShipFrom(tx, sellerId, id);
  });
  return listOf(db, sellerId);
};

/**
 * The copy a shipped order keeps of one of the buyer's live addresses (with the carrier's id), or
 * undefined for a removed address or anyone else's. For the orders module's booking.
 */
export const shippingAddressOf = async (db: Executor, userId: string, id: string) => {
  const row = await repository.findLive(db, userId, id.toLowerCase());
  if (!row) return undefined;
  const { id: addressId, isShipFrom: _shipFrom, createdAt: _created, ...copy } = row;
  return { addressId, copy };
};

/**
 * The seller's ship-from address as the carrier verified it, or undefined when they chose none.
 * For the orders module's shipping labels.
 */
export const shipFromAddressOf = async (db: Executor, sellerId: string) => {
  const row = await repository.findShipFrom(db, sellerId);
  if (!row) return undefined;
  const { id: _id, isShipFrom: _shipFrom, createdAt: _created, ...address } = row;
  return address;
};
