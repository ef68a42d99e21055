import type { BuyLabelSchema, ShippingRatesSchema } from '../order-shipping.ts';
import type { SaleSchema } from '../orders.ts';
import { endpoint } from './endpoint.ts';

/** A shipped order's label: the carrier's rates, buying one, and its PDF to print (the order's seller). */
export const orderShippingEndpoints = {
  rates: endpoint<{ response: typeof ShippingRatesSchema }>()({
    method: 'POST',
    path: '/orders/:id/shipping/rates',
    status: 200,
    auth: ['seller'],
  }),
  buyLabel: endpoint<{ body: typeof BuyLabelSchema; response: typeof SaleSchema }>()({
    method: 'POST',
    path: '/orders/:id/shipping/label',
    status: 200,
    auth: ['seller'],
    idempotent: true,
  }),
  /** The label as a PDF (not JSON): the web reads it as a file. */
  labelPdf: endpoint()({
    method: 'GET',
    path: '/orders/:id/shipping/label.pdf',
    status: 200,
    auth: ['seller'],
  }),
} as const;
