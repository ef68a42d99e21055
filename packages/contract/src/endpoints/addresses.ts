import type { AddressFormSchema, AddressListSchema, AddressSchema, ShipFromAddressSchema } from '../addresses.ts';
import { endpoint } from './endpoint.ts';

/**
 * A person's delivery addresses (../addresses.ts): buyers ship bought phones to them, sellers also
 * choose the one sold phones ship from. Each is verified with the carrier when added.
 */
export const addressEndpoints = {
  myAddresses: endpoint<{ response: typeof AddressListSchema }>()({
    method: 'GET',
    path: '/me/addresses',
    status: 200,
    auth: ['user', 'seller'],
  }),
  addAddress: endpoint<{ body: typeof AddressFormSchema; response: typeof AddressSchema }>()({
    method: 'POST',
    path: '/me/addresses',
    status: 201,
    auth: ['user', 'seller'],
    idempotent: true,
  }),
  changeAddress: endpoint<{ body: typeof AddressFormSchema; response: typeof AddressSchema }>()({
    method: 'PUT',
    path: '/me/addresses/:id',
    status: 200,
    auth: ['user', 'seller'],
  }),
  removeAddress: endpoint()({ method: 'DELETE', path: '/me/addresses/:id', status: 204, auth: ['user', 'seller'] }),
  chooseShipFrom: endpoint<{ body: typeof ShipFromAddressSchema; response: typeof AddressListSchema }>()({
    method: 'PUT',
    path: '/me/ship-from-address',
    status: 200,
    auth: ['seller'],
  }),
} as const;
