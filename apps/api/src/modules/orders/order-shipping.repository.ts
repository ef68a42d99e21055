/**
 * A shipped order's label in the database (docs/decisions/0073): the shipment its rates came from,
 * then the bought label's parcel. Only the order's row is locked (as every progress change does).
 */
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { orders, products } from '../../db/schema.ts';

const labelColumns = {
  id: orders.id,
  status: orders.status,
  progress: orders.progress,
  refundedAt: orders.refundedAt,
  deliveryMethod: orders.deliveryMethod,
  shipTo: orders.shipTo,
  shipmentId: orders.shipmentId,
  trackerId: orders.trackerId,
  shippingCents: orders.shippingCents,
  shippingPaidBy: orders.shippingPaidBy,
  buyerId: orders.buyerId,
  sellerId: products.sellerId,
  productName: products.name,
};

/** The order with what its label needs, read without a lock (before a call to the carrier). */
export const findOrderForLabel = async (db: Executor, orderId: string) => {
  const [row] = await db
    .select(labelColumns)
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .where(eq(orders.id, orderId));
  return row;
};
export type LabelOrder = NonNullable<Awaited<ReturnType<typeof findOrderForLabel>>>;

/** The same, locked for recording the bought label. */
export const lockOrderForLabel = async (tx: Executor, orderId: string) => {
  const [row] = await tx
    .select(labelColumns)
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .where(eq(orders.id, orderId))
    .for('update', { of: orders });
  return row;
};

/** The shipment a later buy uses; replaced by a new rates call while no label was bought. */
export const saveShipment = async (db: Executor, orderId: string, shipmentId: string): Promise<boolean> =>
  (
    await db
      .update(orders)
      .set({ shipmentId })
      .where(and(eq(orders.id, orderId), eq(orders.progress, 'awaiting_handover'), isNull(orders.trackerId)))
      .returning({ id: orders.id })
  ).length > 0;

/** The bought label's parcel: the order is shipped with its carrier from `at`. */
export const recordLabel = (
  tx: Executor,
  orderId: string,
  label: {
    shipmentId: string;
    carrier: string;
    trackingCode: string;
    trackerId: string;
    amountCents: number;
    at: Date;
  },
) =>
  tx
    .update(orders)
    .set({
      progress: 'shipped',
      isShipped: true,
      handedOverAt: label.at,
      shipmentId: label.shipmentId,
      carrier: label.carrier,
      trackingCode: label.trackingCode,
      trackerId: label.trackerId,
      labelCostCents: label.amountCents,
    })
    .where(and(eq(orders.id, orderId), eq(orders.progress, 'awaiting_handover'), isNull(orders.trackerId)));

/** The order's label as a refund needs it: whether one was bought, used, or refunded already. */
export const findLabelOfOrder = async (db: Executor, orderId: string) => {
  const [row] = await db
    .select({
      id: orders.id,
      shipmentId: orders.shipmentId,
      trackerId: orders.trackerId,
      trackingStatus: orders.trackingStatus,
      labelCostCents: orders.labelCostCents,
      labelRefundedAt: orders.labelRefundedAt,
      shippingCents: orders.shippingCents,
      shippingPaidBy: orders.shippingPaidBy,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row;
};

/** The label refunded by the carrier, noted once: false when an earlier record noted it. */
export const markLabelRefunded = async (tx: Executor, orderId: string, at: Date): Promise<boolean> =>
  (
    await tx
      .update(orders)
      .set({ labelRefundedAt: at })
      .where(and(eq(orders.id, orderId), isNull(orders.labelRefundedAt), isNotNull(orders.trackerId)))
      .returning({ id: orders.id })
  ).length > 0;
