import { accountEndpoints } from './account.ts';
import { adminEndpoints } from './admin.ts';
import { buyingEndpoints } from './buying.ts';
import { catalogueEndpoints } from './catalogue.ts';
import { contactEndpoints } from './contact.ts';
import type { Endpoint } from './endpoint.ts';
import { listingEndpoints } from './listings.ts';
import { paymentEndpoints } from './payments.ts';
import { sellerEndpoints } from './sellers.ts';
import { sessionEndpoints } from './session.ts';

export * from './endpoint.ts';
export {
  accountEndpoints,
  adminEndpoints,
  buyingEndpoints,
  catalogueEndpoints,
  contactEndpoints,
  listingEndpoints,
  paymentEndpoints,
  sellerEndpoints,
  sessionEndpoints,
};

/**
 * Every endpoint the web calls, by area (one module per area, so a page's code carries only its
 * own area's schemas).
 */
export const apiEndpoints: Record<string, Record<string, Endpoint>> = {
  account: accountEndpoints,
  admin: adminEndpoints,
  buying: buyingEndpoints,
  catalogue: catalogueEndpoints,
  contact: contactEndpoints,
  listings: listingEndpoints,
  payments: paymentEndpoints,
  sellers: sellerEndpoints,
  session: sessionEndpoints,
};
