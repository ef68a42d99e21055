/**
 * A shipped order's label (docs/decisions/0073). The order's seller asks the carrier's rates for the
 * parcel (from their ship-from address to the buyer's, as booked) and buys one: the order is then
 * shipped and follows its parcel (decision 0072). Only for an order booked with shipping, paid, not
 * refunded and awaiting hand-over; one label per order.
 *
 * No transaction is open during a call to the carrier. The label is bought with a key of the order
 * (`label-<orderId>`), so a retry, or two replicas racing, buy it once; the label is recorded in one
 * short transaction with the order's row locked, with its audit entry and the buyer's notification.
 */
import {
  orderEmailKinds,
  orderProgressAuditActions,
  orderProgressMessages,
  orderShippingMessages,
  shippingEmails,
  type Sale,
  type ShippingRates,
} from '@recell/contract';
import type { PurchasedLabel, ShippingPort } from '../../adapters/shipping/index.ts';
import type { Database, Executor } from '../../db/client.ts';
import { shortTransaction } from '../../db/short-transaction.ts';
import { conflict, notFound } from '../../errors.ts';
import { orderIdOf } from '../../lib/ids.ts';
import { shipFromAddressOf } from '../addresses/index.ts';
import { insertAuditEntry } from '../audit/index.ts';
import type { AuthUser } from '../auth/index.ts';
import { notify } from '../notifications/index.ts';
import { carrierCall, phoneParcel } from './order-shipping.carrier.ts';
import { orderLink } from './order-progress.view.ts';
import * as repository from './order-shipping.repository.ts';
import { getSale } from './orders.service.ts';

/**
 * A label's money (decision 0076): what it cost, the shipping the buyer paid and is held for it, and
 * who bears the rest (the seller, whichever pays for shipping; the marketplace for an order booked
 * before anyone paid for it).
 */
export interface LabelMoney {
  orderId: string;
  costCents: number;
  heldCents: number;
  payer: 'buyer' | 'seller' | 'marketplace';
}

/** The money of the order's label, from its frozen shipping terms. */
export const labelMoneyOf = (
  order: { id: string; shippingCents: number | null; shippingPaidBy: 'buyer' | 'seller' | null },
  costCents: number,
): LabelMoney => ({
  orderId: order.id,
  costCents,
  heldCents: order.shippingPaidBy === 'buyer' ? (order.shippingCents ?? 0) : 0,
  payer: order.shippingPaidBy ?? 'marketplace',
});

export interface ShippingDeps {
  db: Database;
  shipping: ShippingPort;
  publicUrl: string;
  emailsQueued: () => void;
  /** The clock (tests move it). */
  now?: () => Date;
  /**
   * Records the label's money in the label's transaction: the ledger's movement and the seller's
   * held share (the payments module's, handed in: payments use orders, never the other way).
   */
  chargeLabel: (tx: Executor, label: LabelMoney) => Promise<void>;
}

/** The key the label is bought with: one label per order, however often the buy is repeated. */
export const labelKeyOf = (orderId: string) => `label-${orderId}`;

const orderNotFound = () => notFound(orderProgressMessages.orderNotFound);

/** The seller's order, or a 404 for anyone else's, a cancelled one or none. */
const sellersOrder = (order: repository.LabelOrder | undefined, sellerId: string) => {
  if (!order || order.sellerId !== sellerId || order.status === 'cancelled') throw orderNotFound();
  return order;
};

/** A label may be bought: booked with shipping, paid, not refunded, awaiting hand-over, none bought yet. */
const assertLabelAllowed = (order: repository.LabelOrder) => {
  if (order.deliveryMethod !== 'shipping') throw conflict(orderShippingMessages.notShipping);
  if (order.status !== 'paid') throw conflict(orderProgressMessages.notPaid);
  if (order.refundedAt !== null) throw conflict(orderProgressMessages.refunded);
  if (order.trackerId !== null) throw conflict(orderShippingMessages.labelAlreadyBought);
  if (order.progress !== 'awaiting_handover') throw conflict(orderProgressMessages.alreadyHandedOver);
};

/** The carrier's rates for the order's parcel; the shipment they belong to is kept for the buy. */
export const shippingRates = async (deps: ShippingDeps, seller: AuthUser, id: string): Promise<ShippingRates> => {
  const orderId = orderIdOf(id);
  const order = sellersOrder(await repository.findOrderForLabel(deps.db, orderId), seller.id);
  assertLabelAllowed(order);
  const from = await shipFromAddressOf(deps.db, seller.id);
  if (!from) throw conflict(orderShippingMessages.noShipFrom);
  // Booked with shipping, the order has its address (a check constraint says so).
  const to = order.shipTo!;
  const shipment = await carrierCall(() => deps.shipping.createShipment({ from, to, parcel: phoneParcel }));
  // Bought meanwhile (another tab, another replica): this shipment is of no use.
  if (!(await repository.saveShipment(deps.db, orderId, shipment.id)))
    throw conflict(orderShippingMessages.labelAlreadyBought);
  return {
    rates: shipment.rates.map(({ id: rateId, carrier, service, amountCents, currency, deliveryDays }) => ({
      id: rateId,
      carrier,
      service,
      amountCents,
      currency,
      deliveryDays,
    })),
  };
};

/** Buys the label of one of the rates: the order is shipped, the buyer notified. */
export const buyLabel = async (
  deps: ShippingDeps,
  seller: AuthUser,
  id: string,
  { rateId }: { rateId: string },
): Promise<Sale> => {
  const orderId = orderIdOf(id);
  const order = sellersOrder(await repository.findOrderForLabel(deps.db, orderId), seller.id);
  assertLabelAllowed(order);
  if (!order.shipmentId) throw conflict(orderShippingMessages.noRates);
  const shipmentId = order.shipmentId;
  const label: PurchasedLabel = await carrierCall(() =>
    deps.shipping.buyLabel({ shipmentId, rateId, idempotencyKey: labelKeyOf(orderId) }),
  );
  const at = deps.now?.() ?? new Date();
  await shortTransaction(deps.db, async (tx) => {
    const locked = sellersOrder(await repository.lockOrderForLabel(tx, orderId), seller.id);
    // Checked again under the lock: a refund, or another buy recorded first, wins.
    assertLabelAllowed(locked);
    await repository.recordLabel(tx, orderId, {
      shipmentId: label.shipmentId,
      carrier: label.carrier,
      trackingCode: label.trackingCode,
      trackerId: label.trackerId,
      amountCents: label.amountCents,
      at,
    });
    await deps.chargeLabel(tx, labelMoneyOf(locked, label.amountCents));
    await insertAuditEntry(tx, {
      actorId: seller.id,
      action: orderProgressAuditActions.labelBought,
      subjectType: 'order',
      subjectId: orderId,
      detail: {
        by: 'seller',
        carrier: label.carrier,
        service: label.service,
        trackingCode: label.trackingCode,
        labelCostCents: label.amountCents,
      },
    });
    const email = shippingEmails.labelBought(locked.productName, label.carrier, label.trackingCode);
    await notify(tx, deps, {
      userId: locked.buyerId,
      kind: orderEmailKinds.handedOver,
      title: email.subject,
      body: email.text,
      link: orderLink(orderId),
    });
  });
  deps.emailsQueued();
  return getSale(deps, seller.id, orderId);
};

/** The bought label's PDF, for the order's seller only. */
export const labelPdf = async (
  deps: ShippingDeps,
  seller: AuthUser,
  id: string,
): Promise<{ orderId: string; pdf: Uint8Array }> => {
  const orderId = orderIdOf(id);
  const order = sellersOrder(await repository.findOrderForLabel(deps.db, orderId), seller.id);
  if (order.trackerId === null || order.shipmentId === null) throw notFound(orderShippingMessages.noLabel);
  const shipmentId = order.shipmentId;
  return { orderId, pdf: await carrierCall(() => deps.shipping.labelPdf(shipmentId)) };
};
