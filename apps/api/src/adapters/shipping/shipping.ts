/**
 * The shipping port (docs/ARCHITECTURE.md, Ports and defaults): what a shipping API does for a
 * parcel, in EasyPost's shape. Address verification, shipments with rates, buying a label (a PDF
 * and a tracking code), trackers, and refunds of unused labels. Production speaks to EasyPost (or
 * any server of its API at `SHIPPING_API_URL`); the embedded default is the built-in test carrier.
 * The marketplace's rules (who may buy a label, what a delivery does to an order) live in the
 * modules; the port only reports. Every call may be a network call: callers make none while a
 * transaction is open.
 */

import type { TrackingStatus } from '@recell/contract';

/** A postal address as a person types it. Country is ISO 3166-1 alpha-2 (US, GB, DE…). */
export interface PostalAddress {
  name: string;
  line1: string;
  line2: string | null;
  city: string;
  region: string;
  postalCode: string;
  country: string;
  phone: string;
}

/** An address the carrier verified: its corrected form, and the carrier's id for it. */
export interface VerifiedAddress extends PostalAddress {
  carrierAddressId: string;
}

export type AddressVerification =
  | { verified: true; address: VerifiedAddress }
  /** The carrier's reason in words, shown to the person as is ("Address not found"). */
  | { verified: false; reason: string };

/** The parcel of one phone: weight in grams, dimensions in millimetres. */
export interface Parcel {
  weightGrams: number;
  lengthMm: number;
  widthMm: number;
  heightMm: number;
}

export interface ShippingRate {
  id: string;
  carrier: string;
  service: string;
  amountCents: number;
  currency: string;
  /** Business days the carrier promises; null when it promises none. */
  deliveryDays: number | null;
}

export interface Shipment {
  id: string;
  rates: ShippingRate[];
}

export interface PurchasedLabel {
  shipmentId: string;
  trackingCode: string;
  carrier: string;
  service: string;
  /** What the label cost, in cents. */
  amountCents: number;
  /** The carrier's tracker for the parcel: its updates arrive as signed events. */
  trackerId: string;
}

/** A tracker's status, EasyPost's words: the contract's list, which the order's page shows in words. */
export type { TrackingStatus };

/** One scan of the parcel, as the carrier reports it. */
export interface TrackingEvent {
  status: TrackingStatus;
  /** The carrier's words for it ("Arrived at USPS facility"). */
  message: string;
  /** Where it happened, in words ("Chicago, IL"); null when the carrier does not say. */
  place: string | null;
  occurredAt: Date;
}

/** A tracker as it stands: its newest status and every scan so far, oldest first. */
export interface TrackerUpdate {
  trackerId: string;
  trackingCode: string;
  status: TrackingStatus;
  events: TrackingEvent[];
  /** When the carrier last changed it: later updates win over earlier ones, whatever order they arrive in. */
  updatedAt: Date;
}

export type LabelRefund = 'submitted' | 'refunded' | 'rejected';

export interface ShippingPort {
  readonly name: 'test' | 'easypost';
  verifyAddress(address: PostalAddress): Promise<AddressVerification>;
  /** A shipment between two verified addresses, with the carrier's rates for the parcel. */
  createShipment(input: { from: VerifiedAddress; to: VerifiedAddress; parcel: Parcel }): Promise<Shipment>;
  /** Buys the rate's label; the same idempotency key buys once, however often the call is repeated. */
  buyLabel(input: { shipmentId: string; rateId: string; idempotencyKey: string }): Promise<PurchasedLabel>;
  /** The label's PDF, to print. */
  labelPdf(shipmentId: string): Promise<Uint8Array>;
  /** Asks the carrier to refund a label that was never used. */
  refundLabel(shipmentId: string): Promise<LabelRefund>;
  /** The tracker as it stands now (a poll, for when an event went missing). */
  retrieveTracker(trackerId: string): Promise<TrackerUpdate>;
  /**
   * A carrier event from its webhook: verified against the signature header, else
   * InvalidShippingEventError. Answers the tracker it carries, or null for an event of another kind.
   */
  parseEvent(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): TrackerUpdate | null;
}

/** The shipping API did not answer in time, or answered something that is not an answer. */
export class ShippingUnavailableError extends Error {
  override readonly name = 'ShippingUnavailableError';
}

/** The shipping API refused the call (a rate gone, a label already bought); the message is its reason in words. */
export class ShippingRefusedError extends Error {
  override readonly name = 'ShippingRefusedError';
}

/** A webhook body whose signature is missing or wrong, or which is not an event. */
export class InvalidShippingEventError extends Error {
  override readonly name = 'InvalidShippingEventError';
}
