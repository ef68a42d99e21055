/**
 * EasyPost's REST API v2 through fetch (SHIPPING_API_URL, SHIPPING_API_KEY, SHIPPING_WEBHOOK_SECRET,
 * SHIPPING_TIMEOUT_MS): the few calls the port makes, JSON both ways, Basic auth with the API key.
 *
 *   POST /addresses                 { address, verify: ["delivery"] }: the corrected address, or why not
 *   POST /shipments                 { shipment: { from_address: {id}, to_address: {id}, parcel, options } }: rates
 *   POST /shipments/:id/buy         { rate: {id} }, Idempotency-Key: the label, its tracking code and tracker
 *   GET  /shipments/:id             the label's PDF address (postage_label.label_pdf_url), then the file
 *   GET  /shipments/:id/label       ?file_format=PDF: asks for a PDF when the label is in another format
 *   POST /shipments/:id/refund      refund_status
 *   GET  /trackers/:id              the tracker
 *
 * No answer within the time-out, a network error, a 5xx or 429, or a body of another shape is an
 * outage (ShippingUnavailableError); any other 4xx is a refusal (ShippingRefusedError) carrying
 * EasyPost's own message. Webhook events are verified by easypost-events.ts.
 */
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { parseEasyPostEvent, trackerFromEasyPost } from './easypost-events.ts';
import {
  ShippingRefusedError,
  ShippingUnavailableError,
  type LabelRefund,
  type PostalAddress,
  type PurchasedLabel,
  type ShippingPort,
} from './shipping.ts';

export type EasyPostSettings = Extract<Config['shipping'], { kind: 'easypost' }>;

// EasyPost weighs in ounces and measures in inches (to a tenth); rounded up, never under.
const ounces = (grams: number) => Math.ceil((grams / 28.349523125) * 10) / 10;
const inches = (millimetres: number) => Math.ceil((millimetres / 25.4) * 10) / 10;

const text = z.string().nullish();

const AddressSchema = z.object({
  id: z.string(),
  name: text,
  street1: text,
  street2: text,
  city: text,
  state: text,
  zip: text,
  country: text,
  phone: text,
  verifications: z
    .object({
      delivery: z
        .object({
          success: z.boolean(),
          errors: z.array(z.object({ message: z.string() }).loose()).nullish(),
        })
        .loose()
        .nullish(),
    })
    .loose()
    .nullish(),
});

const RateSchema = z.object({
  id: z.string(),
  carrier: z.string(),
  service: z.string(),
  rate: z.string(),
  currency: z.string(),
  delivery_days: z.number().nullish(),
});

const ShipmentSchema = z.object({
  id: z.string(),
  rates: z.array(RateSchema).nullish(),
  tracking_code: z.string().nullish(),
  selected_rate: RateSchema.nullish(),
  tracker: z.object({ id: z.string() }).loose().nullish(),
  postage_label: z.object({ label_pdf_url: z.string().nullish() }).loose().nullish(),
  refund_status: z.string().nullish(),
});

const ErrorSchema = z.object({ error: z.object({ message: z.string() }).loose() });

/** Dollars as EasyPost writes them ("7.58") in cents. */
const centsOf = (dollars: string) => {
  const amount = Number(dollars);
  if (!Number.isFinite(amount)) throw new ShippingUnavailableError(`EasyPost answered a rate of "${dollars}"`);
  return Math.round(amount * 100);
};

export const createEasyPost = (settings: EasyPostSettings): ShippingPort => {
  const base = settings.apiUrl.replace(/\/$/, '');
  const authorization = `Basic ${Buffer.from(`${settings.apiKey}:`).toString('base64')}`;

  /** One call: its JSON answer read by `schema`, a refusal, or an outage. */
  const call = async <T>(
    schema: z.ZodType<T>,
    method: 'GET' | 'POST',
    path: string,
    options: { body?: object; headers?: Record<string, string> } = {},
  ): Promise<T> => {
    let response: Response;
    let body: unknown;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: {
          authorization,
          accept: 'application/json',
          ...(options.body ? { 'content-type': 'application/json' } : {}),
          ...options.headers,
        },
        body: options.body ? JSON.stringify(options.body) : undefined,
        signal: AbortSignal.timeout(settings.timeoutMs),
      });
      body = await response.json().catch(() => undefined);
    } catch (error) {
      throw new ShippingUnavailableError('EasyPost did not answer', { cause: error });
    }
    if (response.status >= 400 && response.status < 500 && response.status !== 429) {
      const refusal = ErrorSchema.safeParse(body);
      throw new ShippingRefusedError(
        refusal.success ? refusal.data.error.message : `EasyPost refused (${response.status})`,
      );
    }
    if (!response.ok) throw new ShippingUnavailableError(`EasyPost answered ${response.status}`);
    const answer = schema.safeParse(body);
    if (!answer.success) throw new ShippingUnavailableError(`EasyPost answered something else to ${method} ${path}`);
    return answer.data;
  };

  const labelOf = (shipment: z.output<typeof ShipmentSchema>): PurchasedLabel => {
    const rate = shipment.selected_rate;
    if (!shipment.tracking_code || !rate || !shipment.tracker)
      throw new ShippingUnavailableError('EasyPost answered a bought shipment without its label');
    return {
      shipmentId: shipment.id,
      trackingCode: shipment.tracking_code,
      carrier: rate.carrier,
      service: rate.service,
      amountCents: centsOf(rate.rate),
      trackerId: shipment.tracker.id,
    };
  };

  const addressBody = (address: PostalAddress) => ({
    name: address.name,
    street1: address.line1,
    street2: address.line2 ?? '',
    city: address.city,
    state: address.region,
    zip: address.postalCode,
    country: address.country,
    phone: address.phone,
  });

  const fetchPdf = async (url: string): Promise<Uint8Array> => {
    try {
      // The label's file lives on EasyPost's file host: it is fetched without the API key.
      const response = await fetch(url, { signal: AbortSignal.timeout(settings.timeoutMs) });
      if (!response.ok) {
        await response.body?.cancel();
        throw new ShippingUnavailableError(`EasyPost's label file answered ${response.status}`);
      }
      const pdf = new Uint8Array(await response.arrayBuffer());
      if (Buffer.from(pdf.subarray(0, 5)).toString('latin1') !== '%PDF-')
        throw new ShippingUnavailableError('EasyPost’s label file is not a PDF');
      return pdf;
    } catch (error) {
      if (error instanceof ShippingUnavailableError) throw error;
      throw new ShippingUnavailableError('EasyPost’s label file did not arrive', { cause: error });
    }
  };

  return {
    name: 'easypost',

    async verifyAddress(address) {
      const answer = await call(AddressSchema, 'POST', '/addresses', {
        body: { address: addressBody(address), verify: ['delivery'] },
      });
      const delivery = answer.verifications?.delivery;
      if (!delivery?.success) return { verified: false, reason: delivery?.errors?.[0]?.message ?? 'Address not found' };
      return {
        verified: true,
        address: {
          name: answer.name ?? address.name,
          line1: answer.street1 ?? address.line1,
          line2: answer.street2 || null,
          city: answer.city ?? address.city,
          region: answer.state ?? address.region,
          postalCode: answer.zip ?? address.postalCode,
          country: answer.country ?? address.country,
          phone: answer.phone ?? address.phone,
          carrierAddressId: answer.id,
        },
      };
    },

    async createShipment({ from, to, parcel }) {
      const answer = await call(ShipmentSchema, 'POST', '/shipments', {
        body: {
          shipment: {
            from_address: { id: from.carrierAddressId },
            to_address: { id: to.carrierAddressId },
            parcel: {
              weight: ounces(parcel.weightGrams),
              length: inches(parcel.lengthMm),
              width: inches(parcel.widthMm),
              height: inches(parcel.heightMm),
            },
            options: { label_format: 'PDF' },
          },
        },
      });
      return {
        id: answer.id,
        rates: (answer.rates ?? []).map((rate) => ({
          id: rate.id,
          carrier: rate.carrier,
          service: rate.service,
          amountCents: centsOf(rate.rate),
          currency: rate.currency,
          deliveryDays: rate.delivery_days ?? null,
        })),
      };
    },

    async buyLabel({ shipmentId, rateId, idempotencyKey }) {
      const answer = await call(ShipmentSchema, 'POST', `/shipments/${encodeURIComponent(shipmentId)}/buy`, {
        body: { rate: { id: rateId } },
        headers: { 'idempotency-key': idempotencyKey },
      });
      return labelOf(answer);
    },

    async labelPdf(shipmentId) {
      const path = `/shipments/${encodeURIComponent(shipmentId)}`;
      let shipment = await call(ShipmentSchema, 'GET', path);
      // A label bought in another format is converted to PDF on request.
      if (!shipment.postage_label?.label_pdf_url)
        shipment = await call(ShipmentSchema, 'GET', `${path}/label?file_format=PDF`);
      const url = shipment.postage_label?.label_pdf_url;
      if (!url) throw new ShippingRefusedError('No label was bought for this shipment');
      return fetchPdf(url);
    },

    async refundLabel(shipmentId): Promise<LabelRefund> {
      const answer = await call(ShipmentSchema, 'POST', `/shipments/${encodeURIComponent(shipmentId)}/refund`);
      const status = answer.refund_status;
      if (status === 'submitted' || status === 'refunded' || status === 'rejected') return status;
      // not_applicable (a carrier that refunds nothing), or a status this port does not know.
      return 'rejected';
    },

    async retrieveTracker(trackerId) {
      const answer = await call(z.unknown(), 'GET', `/trackers/${encodeURIComponent(trackerId)}`);
      const tracker = trackerFromEasyPost(answer);
      if (!tracker) throw new ShippingUnavailableError('EasyPost answered something other than a tracker');
      return tracker;
    },

    parseEvent: (rawBody, headers) => parseEasyPostEvent(rawBody, headers, settings.webhookSecret),
  };
};
