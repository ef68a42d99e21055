/**
 * The test carrier's shipments (test_carrier_shipments). Buying a label and refunding one are each
 * one conditional UPDATE … RETURNING, so two replicas racing on one shipment cannot both buy it.
 */
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { testCarrierShipments } from '../../db/schema.ts';
import type { Parcel, ShippingRate, VerifiedAddress } from './shipping.ts';
import type { TestParcelEnding } from './test-addresses.ts';

export interface TestShipmentRow {
  id: string;
  from: VerifiedAddress;
  to: VerifiedAddress;
  parcel: Parcel;
  rates: ShippingRate[];
  ending: TestParcelEnding;
  rateId: string | null;
  buyIdempotencyKey: string | null;
  trackingCode: string | null;
  trackerId: string | null;
  labelBoughtAt: Date | null;
  refundedAt: Date | null;
}

type Row = typeof testCarrierShipments.$inferSelect;

// The jsonb columns hold what this module wrote: read back as the port's types.
const shipmentOf = (row: Row): TestShipmentRow => ({
  id: row.id,
  from: row.fromAddress as unknown as VerifiedAddress,
  to: row.toAddress as unknown as VerifiedAddress,
  parcel: row.parcel as unknown as Parcel,
  rates: row.rates as unknown as ShippingRate[],
  ending: row.ending as TestParcelEnding,
  rateId: row.rateId,
  buyIdempotencyKey: row.buyIdempotencyKey,
  trackingCode: row.trackingCode,
  trackerId: row.trackerId,
  labelBoughtAt: row.labelBoughtAt,
  refundedAt: row.refundedAt,
});

export const insertShipment = async (
  db: Executor,
  shipment: Pick<TestShipmentRow, 'id' | 'from' | 'to' | 'parcel' | 'rates' | 'ending'>,
): Promise<void> => {
  await db.insert(testCarrierShipments).values({
    id: shipment.id,
    fromAddress: { ...shipment.from },
    toAddress: { ...shipment.to },
    parcel: { ...shipment.parcel },
    rates: shipment.rates.map((rate) => ({ ...rate })),
    ending: shipment.ending,
  });
};

export const findShipment = async (db: Executor, id: string): Promise<TestShipmentRow | undefined> => {
  const [row] = await db.select().from(testCarrierShipments).where(eq(testCarrierShipments.id, id)).limit(1);
  return row && shipmentOf(row);
};

export const findByTracker = async (db: Executor, trackerId: string): Promise<TestShipmentRow | undefined> => {
  const [row] = await db
    .select()
    .from(testCarrierShipments)
    .where(eq(testCarrierShipments.trackerId, trackerId))
    .limit(1);
  return row && shipmentOf(row);
};

/** Buys the shipment's label unless one was bought: the bought shipment, or undefined. */
export const markBought = async (
  db: Executor,
  id: string,
  label: { rateId: string; idempotencyKey: string; trackingCode: string; trackerId: string; boughtAt: Date },
): Promise<TestShipmentRow | undefined> => {
  const [row] = await db
    .update(testCarrierShipments)
    .set({
      rateId: label.rateId,
      buyIdempotencyKey: label.idempotencyKey,
      trackingCode: label.trackingCode,
      trackerId: label.trackerId,
      labelBoughtAt: label.boughtAt,
    })
    .where(and(eq(testCarrierShipments.id, id), isNull(testCarrierShipments.labelBoughtAt)))
    .returning();
  return row && shipmentOf(row);
};

/** Refunds a bought label not refunded before: the refunded shipment, or undefined. */
export const markRefunded = async (
  db: Executor,
  id: string,
  refundedAt: Date,
): Promise<TestShipmentRow | undefined> => {
  const [row] = await db
    .update(testCarrierShipments)
    .set({ refundedAt })
    .where(
      and(
        eq(testCarrierShipments.id, id),
        isNotNull(testCarrierShipments.labelBoughtAt),
        isNull(testCarrierShipments.refundedAt),
      ),
    )
    .returning();
  return row && shipmentOf(row);
};
