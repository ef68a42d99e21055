/**
 * A local HTTP server speaking the few EasyPost API v2 endpoints ReCell uses, as EasyPost answers
 * them (JSON bodies, `Authorization: Basic <key>:`, `Idempotency-Key` on buys):
 *
 *   POST /v2/addresses              create with `verify: ["delivery"]` (street lines and cities in capitals)
 *   POST /v2/shipments              from/to address ids and a parcel (ounces, inches): three rates
 *   GET  /v2/shipments/:id          retrieve
 *   GET  /v2/shipments/:id/label    ?file_format=PDF: the label as a PDF
 *   POST /v2/shipments/:id/buy      { rate: {id} }: once per shipment; a repeated key gets the first answer
 *   POST /v2/shipments/:id/refund   submitted while the parcel is pre_transit, else rejected
 *   GET  /v2/trackers/:id           the tracker as its script stands on the fake clock
 *   GET  /files/:name.pdf           the label's file (no API key: EasyPost's file host)
 *
 * Addresses whose street1 contains "Nowhere" fail verification ("Address not found"). A tracker
 * follows a script of steps (each some time after the purchase) on the server's own clock, which a
 * test moves with `advance`. `failNext` makes the next request an outage (a 5xx, or no answer at
 * all). `sendTrackerEvent` posts what EasyPost's webhook would, signed as EasyPost signs it; the
 * signature is computed here, independently of the code under test.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeAddress {
  id: string;
  object: 'Address';
  name: string;
  street1: string;
  street2: string;
  city: string;
  state: string;
  zip: string;
  country: string;
  phone: string;
  verifications: { delivery: { success: boolean; errors: { code: string; field: string; message: string }[] } };
}

export interface FakeRate {
  id: string;
  object: 'Rate';
  shipment_id: string;
  carrier: string;
  service: string;
  rate: string;
  currency: string;
  delivery_days: number | null;
}

export interface FakeShipment {
  id: string;
  object: 'Shipment';
  from_address: FakeAddress;
  to_address: FakeAddress;
  parcel: { weight: number; length: number; width: number; height: number };
  options: Record<string, unknown>;
  rates: FakeRate[];
  selected_rate: FakeRate | null;
  tracking_code: string | null;
  tracker: { id: string; object: 'Tracker' } | null;
  postage_label: { label_file_type: string; label_url: string; label_pdf_url: string | null } | null;
  refund_status: string | null;
  /** When the label was bought, on the fake clock (not part of EasyPost's answer). */
  boughtAt?: number;
}

/** One step of a tracker's script: its status this long after the label was bought. */
export interface TrackerStep {
  afterMs: number;
  status: string;
  message: string;
  city?: string;
}

export const defaultScript: TrackerStep[] = [
  { afterMs: 0, status: 'pre_transit', message: 'Pre-Shipment Info Sent to USPS', city: 'SOUTH SAN FRANCISCO' },
  { afterMs: 60 * 60_000, status: 'in_transit', message: 'Arrived at USPS Facility', city: 'CHICAGO' },
  { afterMs: 24 * 60 * 60_000, status: 'out_for_delivery', message: 'Out for Delivery', city: 'SPRINGFIELD' },
  { afterMs: 26 * 60 * 60_000, status: 'delivered', message: 'Delivered, In/At Mailbox', city: 'SPRINGFIELD' },
];

export interface FakeEasyPost {
  /** http://127.0.0.1:<port>/v2: SHIPPING_API_URL. */
  apiUrl: string;
  apiKey: string;
  webhookSecret: string;
  /** The env that makes the app use this server. */
  env: Record<string, string>;
  addresses: Map<string, FakeAddress>;
  shipments: Map<string, FakeShipment>;
  /** Labels actually bought, by shipment (replays of an idempotency key are not counted). */
  purchases: Map<string, number>;
  /** Every request, as received: method, path, and the headers the tests look at. */
  requests: {
    method: string;
    path: string;
    authorization: string | undefined;
    idempotencyKey: string | undefined;
    body?: Record<string, unknown>;
  }[];
  /** The server's clock, in ms (trackers move on it). */
  now(): number;
  advance(ms: number): void;
  /** The script of the tracker (every tracker follows defaultScript unless given one). */
  scriptTracker(trackerId: string, steps: TrackerStep[]): void;
  /** The next request gets this status (a 5xx outage), or `hang`: no answer at all. */
  failNext(failure: number | 'hang'): void;
  /** The tracker as EasyPost's API would answer it now. */
  tracker(trackerId: string): Record<string, unknown>;
  /** POSTs a signed Event about the tracker (as it stands now) to `url`, as EasyPost's webhook does. */
  sendTrackerEvent(
    url: string,
    trackerId: string,
    options?: { secret?: string; description?: string },
  ): Promise<{ status: number; body: string }>;
  /** The signed event that sendTrackerEvent would post, for a test to tamper with. */
  signedTrackerEvent(
    trackerId: string,
    options?: { secret?: string; description?: string },
  ): { body: string; headers: Record<string, string> };
  stop(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** A minimal well-formed one-page PDF: enough for a label download to be a PDF. */
const labelPdf = (trackingCode: string) => {
  const stream = `BT /F1 18 Tf 20 200 Td (${trackingCode}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 288 432] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(pdf.length);
    pdf += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
};

const error = (code: string, message: string) => ({ error: { code, message, errors: [] } });

export const startFakeEasyPost = async (): Promise<FakeEasyPost> => {
  const apiKey = `EZTK${randomBytes(12).toString('hex')}`;
  const webhookSecret = `whsec-${randomBytes(12).toString('hex')}`;
  const addresses = new Map<string, FakeAddress>();
  const shipments = new Map<string, FakeShipment>();
  const purchases = new Map<string, number>();
  const scripts = new Map<string, TrackerStep[]>();
  const idempotent = new Map<string, { status: number; body: unknown }>();
  const files = new Map<string, Buffer>();
  const requests: FakeEasyPost['requests'] = [];
  const failures: (number | 'hang')[] = [];
  let clock = Date.parse('2026-11-28T09:00:00Z');
  let origin = '';

  const shipmentOfTracker = (trackerId: string) =>
    [...shipments.values()].find((shipment) => shipment.tracker?.id === trackerId);

  const trackerView = (trackerId: string) => {
    const shipment = shipmentOfTracker(trackerId);
    if (!shipment?.boughtAt) return undefined;
    const bought = shipment.boughtAt;
    const reached = (scripts.get(trackerId) ?? defaultScript).filter((step) => bought + step.afterMs <= clock);
    const newest = reached.at(-1);
    return {
      object: 'Tracker',
      id: trackerId,
      mode: 'test',
      tracking_code: shipment.tracking_code,
      status: newest?.status ?? 'unknown',
      carrier: shipment.selected_rate?.carrier,
      shipment_id: shipment.id,
      created_at: new Date(bought).toISOString(),
      updated_at: new Date(newest ? bought + newest.afterMs : bought).toISOString(),
      tracking_details: reached.map((step) => ({
        object: 'TrackingDetail',
        status: step.status,
        message: step.message,
        datetime: new Date(bought + step.afterMs).toISOString(),
        source: 'USPS',
        tracking_location: {
          object: 'TrackingLocation',
          city: step.city ?? null,
          state: null,
          country: 'US',
          zip: null,
        },
      })),
    };
  };

  const readJson = async (req: IncomingMessage): Promise<Record<string, unknown>> => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    if (!text) return {};
    return JSON.parse(text) as Record<string, unknown>;
  };

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', origin);
    const method = req.method ?? 'GET';
    const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
    const request: FakeEasyPost['requests'][number] = {
      method,
      path: url.pathname + url.search,
      authorization: req.headers.authorization,
      idempotencyKey,
    };
    requests.push(request);
    const failure = failures.shift();
    if (failure === 'hang') return; // never answers: the client's time-out ends it
    if (failure !== undefined) return send(res, failure, error('INTERNAL_SERVER_ERROR', 'Something went wrong'));

    const file = /^\/files\/(.+\.pdf)$/.exec(url.pathname);
    if (method === 'GET' && file) {
      const pdf = files.get(file[1]!);
      if (!pdf) return send(res, 404, error('NOT_FOUND', 'No such file'));
      res.writeHead(200, { 'content-type': 'application/pdf' });
      return res.end(pdf);
    }

    if (req.headers.authorization !== `Basic ${Buffer.from(`${apiKey}:`).toString('base64')}`)
      return send(
        res,
        401,
        error(
          'APIKEY.INACTIVE',
          'This api key is no longer active. Please use a different api key or reactivate this key.',
        ),
      );
    const body = method === 'POST' ? await readJson(req) : {};
    request.body = body;
    const path = url.pathname.replace(/^\/v2/, '');

    if (method === 'POST' && path === '/addresses') {
      const input = (body.address ?? {}) as Record<string, string>;
      const found = !String(input.street1 ?? '')
        .toLowerCase()
        .includes('nowhere');
      const address: FakeAddress = {
        id: id('adr'),
        object: 'Address',
        name: input.name ?? '',
        street1: String(input.street1 ?? '').toUpperCase(),
        street2: String(input.street2 ?? '').toUpperCase(),
        city: String(input.city ?? '').toUpperCase(),
        state: String(input.state ?? '').toUpperCase(),
        zip: input.zip ?? '',
        country: String(input.country ?? '').toUpperCase(),
        phone: input.phone ?? '',
        verifications: {
          delivery: found
            ? { success: true, errors: [] }
            : {
                success: false,
                errors: [{ code: 'E.ADDRESS.NOT_FOUND', field: 'address', message: 'Address not found' }],
              },
        },
      };
      addresses.set(address.id, address);
      return send(res, 201, address);
    }

    if (method === 'POST' && path === '/shipments') {
      const input = (body.shipment ?? {}) as Record<string, Record<string, unknown>>;
      const from = addresses.get(String(input.from_address?.id));
      const to = addresses.get(String(input.to_address?.id));
      if (!from || !to) return send(res, 422, error('ADDRESS.VERIFY.FAILURE', 'Unable to verify address.'));
      const parcel = input.parcel as unknown as FakeShipment['parcel'];
      if (!(parcel?.weight > 0))
        return send(res, 422, error('PARCEL.WEIGHT.INVALID', 'Parcel weight must be positive.'));
      const shipmentId = id('shp');
      const rate = (carrier: string, service: string, dollars: string, days: number | null): FakeRate => ({
        id: id('rate'),
        object: 'Rate',
        shipment_id: shipmentId,
        carrier,
        service,
        rate: dollars,
        currency: 'USD',
        delivery_days: days,
      });
      const shipment: FakeShipment = {
        id: shipmentId,
        object: 'Shipment',
        from_address: from,
        to_address: to,
        parcel,
        options: (input.options as Record<string, unknown>) ?? {},
        rates: [
          rate('USPS', 'GroundAdvantage', '5.93', 5),
          rate('USPS', 'Priority', '7.58', 2),
          rate('USPS', 'Express', '31.25', null),
        ],
        selected_rate: null,
        tracking_code: null,
        tracker: null,
        postage_label: null,
        refund_status: null,
      };
      shipments.set(shipmentId, shipment);
      return send(res, 201, shipment);
    }

    const shipmentPath = /^\/shipments\/([^/]+)(?:\/(buy|refund|label))?$/.exec(path);
    if (shipmentPath) {
      const shipment = shipments.get(shipmentPath[1]!);
      if (!shipment) return send(res, 404, error('NOT_FOUND', 'The requested resource could not be found.'));
      const action = shipmentPath[2];
      if (method === 'GET' && !action) return send(res, 200, shipment);
      if (method === 'GET' && action === 'label') {
        if (!shipment.postage_label)
          return send(
            res,
            422,
            error('SHIPMENT.POSTAGE.REQUIRED', 'Postage must be purchased before a label format can be requested.'),
          );
        const name = `${shipment.id}.pdf`;
        files.set(name, labelPdf(shipment.tracking_code!));
        shipment.postage_label.label_pdf_url = `${origin}/files/${name}`;
        return send(res, 200, shipment);
      }
      if (method === 'POST' && action === 'buy') {
        const replay = idempotencyKey ? idempotent.get(idempotencyKey) : undefined;
        if (replay) return send(res, replay.status, replay.body);
        const answer = (() => {
          if (shipment.selected_rate)
            return { status: 422, body: error('SHIPMENT.POSTAGE.EXISTS', 'Postage already exists for this shipment.') };
          const rateId = (body.rate as { id?: string } | undefined)?.id;
          const rate = shipment.rates.find((candidate) => candidate.id === rateId);
          if (!rate)
            return {
              status: 422,
              body: error('SHIPMENT.RATE.INVALID', 'The rate provided is not valid for this shipment.'),
            };
          const trackingCode = `9400${String(Math.floor(Math.random() * 1e12)).padStart(12, '0')}`;
          const name = `${shipment.id}.pdf`;
          const asPdf = shipment.options.label_format === 'PDF';
          if (asPdf) files.set(name, labelPdf(trackingCode));
          Object.assign(shipment, {
            selected_rate: rate,
            tracking_code: trackingCode,
            tracker: { id: id('trk'), object: 'Tracker' },
            postage_label: {
              label_file_type: asPdf ? 'application/pdf' : 'image/png',
              label_url: `${origin}/files/${shipment.id}.png`,
              label_pdf_url: asPdf ? `${origin}/files/${name}` : null,
            },
            boughtAt: clock,
          });
          purchases.set(shipment.id, (purchases.get(shipment.id) ?? 0) + 1);
          return { status: 200, body: { ...shipment } };
        })();
        if (idempotencyKey) idempotent.set(idempotencyKey, answer);
        return send(res, answer.status, answer.body);
      }
      if (method === 'POST' && action === 'refund') {
        if (!shipment.tracker)
          return send(res, 422, error('SHIPMENT.REFUND.INVALID', 'Postage must be purchased before a refund.'));
        const status = trackerView(shipment.tracker.id)?.status;
        shipment.refund_status = shipment.refund_status ?? (status === 'pre_transit' ? 'submitted' : 'rejected');
        return send(res, 200, shipment);
      }
    }

    const trackerPath = /^\/trackers\/([^/]+)$/.exec(path);
    if (method === 'GET' && trackerPath) {
      const view = trackerView(trackerPath[1]!);
      return view
        ? send(res, 200, view)
        : send(res, 404, error('NOT_FOUND', 'The requested resource could not be found.'));
    }
    return send(res, 404, error('NOT_FOUND', 'The requested resource could not be found.'));
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((problem: unknown) => send(res, 500, error('INTERNAL_SERVER_ERROR', String(problem))));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const signedTrackerEvent: FakeEasyPost['signedTrackerEvent'] = (trackerId, options = {}) => {
    const result = trackerView(trackerId);
    if (!result) throw new Error(`no bought label has tracker ${trackerId}`);
    const body = JSON.stringify({
      object: 'Event',
      id: id('evt'),
      mode: 'test',
      description: options.description ?? 'tracker.updated',
      created_at: new Date(clock).toISOString(),
      result,
    });
    const secret = (options.secret ?? webhookSecret).normalize('NFKD');
    const signature = createHmac('sha256', secret).update(body, 'utf8').digest('hex');
    return {
      body,
      headers: { 'content-type': 'application/json', 'x-hmac-signature': `hmac-sha256-hex=${signature}` },
    };
  };

  const fake: FakeEasyPost = {
    apiUrl: `${origin}/v2`,
    apiKey,
    webhookSecret,
    env: { SHIPPING_API_URL: `${origin}/v2`, SHIPPING_API_KEY: apiKey, SHIPPING_WEBHOOK_SECRET: webhookSecret },
    addresses,
    shipments,
    purchases,
    requests,
    now: () => clock,
    advance(ms) {
      clock += ms;
    },
    scriptTracker(trackerId, steps) {
      scripts.set(trackerId, steps);
    },
    failNext(failure) {
      failures.push(failure);
    },
    tracker(trackerId) {
      const view = trackerView(trackerId);
      if (!view) throw new Error(`no bought label has tracker ${trackerId}`);
      return view;
    },
    signedTrackerEvent,
    async sendTrackerEvent(url, trackerId, options) {
      const event = signedTrackerEvent(trackerId, options);
      const response = await fetch(url, { method: 'POST', headers: event.headers, body: event.body });
      return { status: response.status, body: await response.text() };
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
};
