/**
 * The test carrier's parcels move on the clock, not by hand: from the label's purchase, one step
 * every `stepMs` — pre_transit, in_transit, out_for_delivery, then the journey's end (delivered,
 * or the magic endings of test-addresses.ts). Computed, never stored, so every replica answers
 * the same tracker at the same moment, and a test moves it by moving its clock.
 */
import type { PostalAddress, TrackerUpdate, TrackingEvent, TrackingStatus } from './shipping.ts';
import type { TestParcelEnding } from './test-addresses.ts';

interface Step {
  /** Steps after the purchase. */
  at: number;
  status: TrackingStatus;
  message: string;
  where: 'from' | 'to' | null;
}

const journeys: Record<TestParcelEnding, Step[]> = {
  delivered: [
    { at: 0, status: 'pre_transit', message: 'Shipping label created, awaiting the parcel', where: 'from' },
    { at: 1, status: 'in_transit', message: 'Picked up by the carrier', where: 'from' },
    { at: 2, status: 'out_for_delivery', message: 'Out for delivery', where: 'to' },
    { at: 3, status: 'delivered', message: 'Delivered', where: 'to' },
  ],
  return_to_sender: [
    { at: 0, status: 'pre_transit', message: 'Shipping label created, awaiting the parcel', where: 'from' },
    { at: 1, status: 'in_transit', message: 'Picked up by the carrier', where: 'from' },
    { at: 2, status: 'out_for_delivery', message: 'Out for delivery', where: 'to' },
    { at: 3, status: 'return_to_sender', message: 'Refused at the address; returning to the sender', where: 'to' },
  ],
  failure: [
    { at: 0, status: 'pre_transit', message: 'Shipping label created, awaiting the parcel', where: 'from' },
    { at: 1, status: 'in_transit', message: 'Picked up by the carrier', where: 'from' },
    { at: 3, status: 'failure', message: 'Lost in transit', where: null },
  ],
};

const placeOf = (address: PostalAddress) =>
  [address.city, address.region, address.country].filter((part) => part.trim() !== '').join(', ');

export interface TestLabel {
  trackerId: string;
  trackingCode: string;
  from: PostalAddress;
  to: PostalAddress;
  ending: TestParcelEnding;
  boughtAt: Date;
  refundedAt: Date | null;
}

/** The tracker as it stands at `now`: every step reached, the newest one's status. */
export const testTrackerAt = (label: TestLabel, stepMs: number, now: Date): TrackerUpdate => {
  const reached = journeys[label.ending].filter(
    (step) =>
      label.boughtAt.getTime() + step.at * stepMs <= now.getTime() &&
      // A refunded label's parcel never leaves: its journey stops at the refund.
      (!label.refundedAt || label.boughtAt.getTime() + step.at * stepMs <= label.refundedAt.getTime()),
  );
  const events: TrackingEvent[] = reached.map((step) => ({
    status: step.status,
    message: step.message,
    place: step.where ? placeOf(label[step.where]) : null,
    occurredAt: new Date(label.boughtAt.getTime() + step.at * stepMs),
  }));
  if (label.refundedAt && label.refundedAt <= now)
    events.push({
      status: 'cancelled',
      message: 'Label refunded; the parcel was not sent',
      place: null,
      occurredAt: label.refundedAt,
    });
  const newest = events.at(-1);
  return {
    trackerId: label.trackerId,
    trackingCode: label.trackingCode,
    status: newest?.status ?? 'pre_transit',
    events,
    updatedAt: newest?.occurredAt ?? label.boughtAt,
  };
};
