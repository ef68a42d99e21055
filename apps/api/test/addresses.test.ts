/**
 * Delivery addresses: each verified by the shipping port (the built-in test carrier here) before it
 * is kept, in the carrier's corrected form; at most ten per person; removal is soft and one's own
 * only; a seller's ship-from choice. And a booking that ships to one of the buyer's own addresses:
 * the order keeps its copy, whatever becomes of the address, and the seller sees where to ship.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import {
  AddressListSchema,
  addressLimits,
  addressMessages,
  ErrorBodySchema,
  messages,
  OrderDetailsSchema,
  OrderSchema,
  SalePageSchema,
} from '@recell/contract';
import { ShippingUnavailableError } from '../src/adapters/shipping/index.ts';
import { addresses, orders } from '../src/db/schema.ts';
import { callerWithRole, headersOf, useCast, type Caller } from './support/accounts.ts';
import { addAddress, addressFormFor, postAddress, removeAddress } from './support/addresses.ts';
import { expectError, forbidden, unknownId, useTestApp } from './support/api.ts';
import { bookingFor, listPhone, postBooking } from './support/buying.ts';

describe('delivery addresses', () => {
  const t = useTestApp();
  const cast = useCast(t);

  const listOf = async (caller: Caller) => {
    const response = await t.app.inject({ url: '/api/me/addresses', headers: caller.headers });
    expect(response.statusCode, response.body).toBe(200);
    return AddressListSchema.parse(response.json());
  };
  const rowsOf = (caller: Caller) => t.app.db.select().from(addresses).where(eq(addresses.userId, caller.id));
  const liveRowsOf = (caller: Caller) =>
    t.app.db
      .select()
      .from(addresses)
      .where(and(eq(addresses.userId, caller.id), isNull(addresses.removedAt)));
  const chooseShipFrom = (caller: Caller | null, addressId: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/me/ship-from-address',
      headers: headersOf(caller),
      payload: { addressId },
    });

  describe('adding', () => {
    it('keeps the carrier’s corrected form with its id, and lists it', async () => {
      const me = await callerWithRole(t, 'user');
      const response = await postAddress(t, me, addressFormFor());
      expect(response.statusCode, response.body).toBe(201);
      const added = response.json();
      expect(added).toMatchObject({
        name: 'Daniel Kim',
        line1: '742 Evergreen Terrace',
        line2: 'Apt 2',
        city: 'Springfield',
        region: 'IL',
        postalCode: '62701-9999',
        country: 'US',
        phone: '2175550134',
        isShipFrom: false,
      });
      const [row] = await rowsOf(me);
      expect(row).toMatchObject({ id: added.id, line1: '742 Evergreen Terrace', removedAt: null });
      expect(row!.carrierAddressId).toMatch(/^adr_test_/);
      expect(await listOf(me)).toEqual({ items: [added], max: addressLimits.perPerson });
    });

    it('an address the carrier cannot verify is a 400 with its reason in words, and nothing is kept', async () => {
      const me = await callerWithRole(t, 'user');
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ line1: '1 Nowhere Street' }, 'Address not found'],
        [{ postalCode: '1234' }, 'Postal code is not valid for the country'],
        [{ region: '' }, 'State or province is required for this country'],
      ];
      for (const [overrides, reason] of cases) {
        expectError(await postAddress(t, me, addressFormFor(overrides)), 400, { code: 'validation', message: reason });
      }
      expect(await rowsOf(me)).toEqual([]);
      // A country without regions needs none.
      await addAddress(t, me, { country: 'GB', region: '', postalCode: 'sw1a1aa', city: 'London' });
      // Every country the form lists is one the carrier ships to.
      await addAddress(t, me, { country: 'SE', region: '', postalCode: '11122', city: 'Stockholm' });
      expect((await listOf(me)).items.map((a) => a.postalCode)).toEqual(['SW1A 1AA', '111 22']);
    });

    it('checks the form before asking the carrier: each field’s own message', async () => {
      const me = await callerWithRole(t, 'user');
      const verify = vi.spyOn(t.app.shipping, 'verifyAddress');
      try {
        const empty = await postAddress(t, me, {});
        expect(empty.statusCode).toBe(400);
        expect(ErrorBodySchema.parse(empty.json()).error.fields).toMatchObject({
          name: addressMessages.nameRequired,
          line1: addressMessages.line1Required,
          city: addressMessages.cityRequired,
          postalCode: addressMessages.postalCodeRequired,
          country: addressMessages.countryRequired,
          phone: messages.phoneRequired,
        });
        const badCountry = await postAddress(t, me, addressFormFor({ country: 'usa' }));
        expect(ErrorBodySchema.parse(badCountry.json()).error.fields).toEqual({
          country: addressMessages.countryRequired,
        });
        const badCode = await postAddress(t, me, addressFormFor({ postalCode: '<62701>' }));
        expect(ErrorBodySchema.parse(badCode.json()).error.fields).toEqual({
          postalCode: addressMessages.postalCodeInvalid,
        });
        expect(verify).not.toHaveBeenCalled();
      } finally {
        verify.mockRestore();
      }
      expect(await rowsOf(me)).toEqual([]);
    });

    it('the carrier out of reach is a 503 and nothing is kept', async () => {
      const me = await callerWithRole(t, 'user');
      const verify = vi
        .spyOn(t.app.shipping, 'verifyAddress')
        .mockRejectedValue(new ShippingUnavailableError('timed out'));
      try {
        expectError(await postAddress(t, me, addressFormFor()), 503, {
          code: 'unavailable',
          message: addressMessages.verificationUnavailable,
        });
      } finally {
        verify.mockRestore();
      }
      expect(await rowsOf(me)).toEqual([]);
    });

    it(`keeps at most ${addressLimits.perPerson} live addresses; a removed one frees a place`, async () => {
      const me = await callerWithRole(t, 'user');
      const added = [];
      for (let i = 0; i < addressLimits.perPerson; i++)
        added.push(await addAddress(t, me, { line1: `${i + 1} Elm Street` }));
      const verify = vi.spyOn(t.app.shipping, 'verifyAddress');
      try {
        expectError(await postAddress(t, me, addressFormFor({ line1: '99 Elm Street' })), 409, {
          code: 'conflict',
          message: addressMessages.tooManyAddresses,
        });
        // A full list is refused before the carrier is asked.
        expect(verify).not.toHaveBeenCalled();
      } finally {
        verify.mockRestore();
      }
      expect(await liveRowsOf(me)).toHaveLength(addressLimits.perPerson);
      expect((await removeAddress(t, me, added[0]!.id)).statusCode).toBe(204);
      await addAddress(t, me, { line1: '99 Elm Street' });
      expect((await listOf(me)).items).toHaveLength(addressLimits.perPerson);
      // Two adds racing for the last place: one gets it.
      expect((await removeAddress(t, me, added[1]!.id)).statusCode).toBe(204);
      const raced = await Promise.all([
        postAddress(t, me, addressFormFor({ line1: '100 Elm Street' })),
        postAddress(t, me, addressFormFor({ line1: '101 Elm Street' })),
      ]);
      expect(raced.map((r) => r.statusCode).sort()).toEqual([201, 409]);
      expect(await liveRowsOf(me)).toHaveLength(addressLimits.perPerson);
    });

    it('a repeat with the same Idempotency-Key keeps one address', async () => {
      const me = await callerWithRole(t, 'user');
      const headers = { 'idempotency-key': 'address-add-0001' };
      const first = await postAddress(t, me, addressFormFor(), headers);
      const again = await postAddress(t, me, addressFormFor(), headers);
      expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
      expect(again.json().id).toBe(first.json().id);
      expect(await rowsOf(me)).toHaveLength(1);
    });

    it('sellers keep addresses too; admins have none', async () => {
      const seller = await callerWithRole(t, 'seller');
      await addAddress(t, seller);
      expect((await listOf(seller)).items).toHaveLength(1);
      expectError(await postAddress(t, cast.admin, addressFormFor()), 403, forbidden);
      expectError(await t.app.inject({ url: '/api/me/addresses', headers: cast.admin.headers }), 403, forbidden);
    });
  });

  describe('removing', () => {
    it('removes one’s own (kept as a record, gone from the list); someone else’s is the 404 an unknown one is', async () => {
      const me = await callerWithRole(t, 'user');
      const someone = await callerWithRole(t, 'user');
      const mine = await addAddress(t, me);
      const theirs = await addAddress(t, someone);
      const notFound = { code: 'not_found', message: addressMessages.addressNotFound };
      expectError(await removeAddress(t, me, theirs.id), 404, notFound);
      expectError(await removeAddress(t, me, unknownId), 404, notFound);
      expectError(await removeAddress(t, me, 'not-an-id'), 404, notFound);
      expect((await listOf(someone)).items.map((a) => a.id)).toEqual([theirs.id]);

      const removed = await removeAddress(t, me, mine.id);
      expect(removed.statusCode).toBe(204);
      expect(removed.body).toBe('');
      expect((await listOf(me)).items).toEqual([]);
      const [row] = await rowsOf(me);
      expect(row!.removedAt).not.toBeNull();
      expectError(await removeAddress(t, me, mine.id), 404, notFound);
    });
  });

  describe('editing', () => {
    const putAddress = (caller: Caller | null, id: string, body: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/me/addresses/${id}`,
        headers: headersOf(caller),
        payload: body as object,
      });

    it('replaces the address in place with the carrier’s corrected form: same id, ship-from mark kept', async () => {
      const seller = await callerWithRole(t, 'seller');
      const home = await addAddress(t, seller, { line1: '1 Home Road' });
      await chooseShipFrom(seller, home.id);
      const [before] = await rowsOf(seller);
      const response = await putAddress(seller, home.id, addressFormFor({ line1: '9 new road', city: 'peoria' }));
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ id: home.id, line1: '9 New Road', city: 'Peoria', isShipFrom: true });
      const rows = await rowsOf(seller);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ id: home.id, line1: '9 New Road', removedAt: null, isShipFrom: true });
      expect(rows[0]!.carrierAddressId).not.toBe(before!.carrierAddressId);
    });

    it('an order shipped to it keeps the copy it made', async () => {
      const buyer = await callerWithRole(t, 'user');
      const address = await addAddress(t, buyer);
      await chooseShipFrom(cast.seller, (await addAddress(t, cast.seller, { line1: '1 Main Street' })).id);
      const phone = await listPhone(t, cast.seller);
      const booked = await postBooking(t, buyer, { productId: phone.id, delivery: 'shipping', addressId: address.id });
      expect(booked.statusCode, booked.body).toBe(201);
      expect((await putAddress(buyer, address.id, addressFormFor({ line1: '1 Other Street' }))).statusCode).toBe(200);
      const [row] = await t.app.db
        .select()
        .from(orders)
        .where(eq(orders.id, OrderSchema.parse(booked.json()).id));
      expect(row!.shipTo).toMatchObject({ line1: '742 Evergreen Terrace' });
    });

    it('an address the carrier cannot verify is a 400 with its reason, and the address is unchanged', async () => {
      const me = await callerWithRole(t, 'user');
      const mine = await addAddress(t, me);
      const [before] = await rowsOf(me);
      expectError(await putAddress(me, mine.id, addressFormFor({ line1: '1 Nowhere Street' })), 400, {
        code: 'validation',
        message: 'Address not found',
      });
      expect((await putAddress(me, mine.id, addressFormFor({ postalCode: '' }))).statusCode).toBe(400);
      expect(await rowsOf(me)).toEqual([before]);
    });

    it('someone else’s, a removed and an unknown address are the same 404, and the carrier is not asked', async () => {
      const me = await callerWithRole(t, 'user');
      const someone = await callerWithRole(t, 'user');
      const theirs = await addAddress(t, someone);
      const mine = await addAddress(t, me);
      await removeAddress(t, me, mine.id);
      const verify = vi.spyOn(t.app.shipping, 'verifyAddress');
      const notFound = { code: 'not_found', message: addressMessages.addressNotFound };
      for (const id of [theirs.id, mine.id, unknownId, 'not-an-id']) {
        expectError(await putAddress(me, id, addressFormFor()), 404, notFound);
      }
      expect(verify).not.toHaveBeenCalled();
      verify.mockRestore();
      expect((await rowsOf(someone))[0]).toMatchObject({ line1: '742 Evergreen Terrace', removedAt: null });
      expect((await putAddress(null, mine.id, addressFormFor())).statusCode).toBe(401);
    });
  });

  describe('ship-from address', () => {
    it('a seller chooses one of their addresses; choosing another moves the mark; removing it leaves none', async () => {
      const seller = await callerWithRole(t, 'seller');
      const home = await addAddress(t, seller, { line1: '1 Home Road' });
      const shop = await addAddress(t, seller, { line1: '2 Shop Road' });
      const first = await chooseShipFrom(seller, home.id);
      expect(first.statusCode, first.body).toBe(200);
      expect(AddressListSchema.parse(first.json()).items.map((a) => [a.line1, a.isShipFrom])).toEqual([
        ['1 Home Road', true],
        ['2 Shop Road', false],
      ]);
      await chooseShipFrom(seller, shop.id);
      expect((await listOf(seller)).items.map((a) => a.isShipFrom)).toEqual([false, true]);
      await removeAddress(t, seller, shop.id);
      expect((await listOf(seller)).items.map((a) => [a.line1, a.isShipFrom])).toEqual([['1 Home Road', false]]);
      // A removed address cannot be chosen.
      expectError(await chooseShipFrom(seller, shop.id), 404, {
        code: 'not_found',
        message: addressMessages.addressNotFound,
      });
    });

    it('is for sellers only, and only their own addresses', async () => {
      const seller = await callerWithRole(t, 'seller');
      const buyer = await callerWithRole(t, 'user');
      const buyers = await addAddress(t, buyer);
      expectError(await chooseShipFrom(buyer, buyers.id), 403, forbidden);
      expectError(await chooseShipFrom(seller, buyers.id), 404, {
        code: 'not_found',
        message: addressMessages.addressNotFound,
      });
      expect((await chooseShipFrom(seller, 'nope')).statusCode).toBe(400);
      expect((await rowsOf(buyer)).map((row) => row.isShipFrom)).toEqual([false]);
    });
  });

  describe('booking with shipping', () => {
    const shipTo = (productId: string, addressId: unknown) => ({ productId, delivery: 'shipping', addressId });
    const sales = async (seller: Caller) => {
      const response = await t.app.inject({ url: '/api/me/sales?limit=100', headers: seller.headers });
      expect(response.statusCode, response.body).toBe(200);
      return SalePageSchema.parse(response.json()).items;
    };
    const detailsOf = async (caller: Caller, orderId: string) => {
      const response = await t.app.inject({ url: `/api/orders/${orderId}/details`, headers: caller.headers });
      expect(response.statusCode, response.body).toBe(200);
      return OrderDetailsSchema.parse(response.json());
    };
    const expectedShipTo = {
      name: 'Daniel Kim',
      line1: '742 Evergreen Terrace',
      line2: 'Apt 2',
      city: 'Springfield',
      region: 'IL',
      postalCode: '62701-9999',
      country: 'US',
    };

    it('ships to the buyer’s own address: the order keeps its copy, and the seller sees where to ship (no phone number)', async () => {
      // A seller ships once they chose where from.
      await chooseShipFrom(cast.seller, (await addAddress(t, cast.seller, { line1: '1 Main Street' })).id);
      const buyer = await callerWithRole(t, 'user', { name: 'Daniel Kim' });
      const address = await addAddress(t, buyer);
      const phone = await listPhone(t, cast.seller, { name: 'Shipped Pixel' });
      const response = await postBooking(t, buyer, shipTo(phone.id, address.id));
      expect(response.statusCode, response.body).toBe(201);
      const order = OrderSchema.parse(response.json());
      expect(order).toMatchObject({ delivery: 'shipping', shipTo: expectedShipTo, phone: '', location: '' });

      const [row] = await t.app.db.select().from(orders).where(eq(orders.id, order.id));
      expect(row).toMatchObject({ deliveryMethod: 'shipping', shipToAddressId: address.id });
      expect(row!.shipTo).toMatchObject({ ...expectedShipTo, phone: '2175550134' });
      expect(row!.shipTo!.carrierAddressId).toMatch(/^adr_test_/);

      // The address is removed: the order's copy stands, for the buyer and the seller alike.
      expect((await removeAddress(t, buyer, address.id)).statusCode).toBe(204);
      const again = await t.app.inject({ url: `/api/orders/${order.id}`, headers: buyer.headers });
      expect(OrderSchema.parse(again.json()).shipTo).toEqual(expectedShipTo);
      const sale = (await sales(cast.seller)).find((s) => s.id === order.id)!;
      expect(sale).toMatchObject({ delivery: 'shipping', shipTo: expectedShipTo });
      expect(sale.buyer).toMatchObject({ name: 'Daniel Kim', phone: '', location: '' });
      const details = await detailsOf(cast.seller, order.id);
      expect(details).toMatchObject({ delivery: 'shipping', shipTo: expectedShipTo, meetingLocation: '' });
      expect(details.buyer.phone).toBeNull();
      // The address's phone number (for the carrier) reaches neither the seller's list nor the order's page.
      for (const answer of [sale, details]) expect(JSON.stringify(answer)).not.toContain('2175550134');
    });

    it('a meeting is booked as before, with no address', async () => {
      const buyer = await callerWithRole(t, 'user');
      const phone = await listPhone(t, cast.seller);
      for (const body of [
        bookingFor(phone.id),
        bookingFor((await listPhone(t, cast.seller)).id, { delivery: 'meeting' }),
      ]) {
        const response = await postBooking(t, buyer, body);
        expect(response.statusCode, response.body).toBe(201);
        expect(OrderSchema.parse(response.json())).toMatchObject({
          delivery: 'meeting',
          shipTo: null,
          phone: '3125550126',
          location: 'Chicago, IL',
        });
      }
    });

    it('refuses someone else’s address and a removed one with the same clear message, and books nothing', async () => {
      const buyer = await callerWithRole(t, 'user');
      const someone = await callerWithRole(t, 'user');
      const theirs = await addAddress(t, someone);
      const removed = await addAddress(t, buyer);
      await removeAddress(t, buyer, removed.id);
      const phone = await listPhone(t, cast.seller);
      for (const addressId of [theirs.id, removed.id, unknownId]) {
        expectError(await postBooking(t, buyer, shipTo(phone.id, addressId)), 400, {
          code: 'validation',
          message: addressMessages.shippingAddressUnavailable,
          fields: { addressId: addressMessages.shippingAddressUnavailable },
        });
      }
      const missing = await postBooking(t, buyer, { productId: phone.id, delivery: 'shipping' });
      expect(ErrorBodySchema.parse(missing.json()).error.fields).toEqual({
        addressId: addressMessages.addressIdRequired,
      });
      expect((await postBooking(t, buyer, { productId: phone.id, delivery: 'drone' })).statusCode).toBe(400);
      expect(await t.app.db.select().from(orders).where(eq(orders.buyerId, buyer.id))).toEqual([]);
    });

    it('a stranger asking for a shipped order’s page gets the unknown order’s 404, no address', async () => {
      const buyer = await callerWithRole(t, 'user');
      const address = await addAddress(t, buyer);
      const phone = await listPhone(t, cast.seller);
      const order = OrderSchema.parse((await postBooking(t, buyer, shipTo(phone.id, address.id))).json());
      const stranger = await t.app.inject({
        url: `/api/orders/${order.id}/details`,
        headers: cast.otherSeller.headers,
      });
      expect(stranger.statusCode).toBe(404);
      expect(stranger.body).not.toContain('Evergreen');
    });
  });
});
