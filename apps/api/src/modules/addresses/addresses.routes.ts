import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AddressIdParamsSchema, addressLimits, apiEndpoints } from '@recell/contract';
import { endpointRoute, noContent } from '../../lib/routes.ts';
import { signedInUser } from '../auth/index.ts';
import * as service from './addresses.service.ts';

/** A person's delivery addresses, and a seller's ship-from choice. */
export const addressesRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: service.AddressDeps = { db: app.db, shipping: app.shipping };
  const { addresses } = apiEndpoints;

  app.route(
    endpointRoute(addresses.myAddresses, {
      tags: ['addresses'],
      summary: 'Your delivery addresses, oldest first (a seller’s ship-from address marked)',
      errors: [401, 403],
      handler: async (request) => service.listMyAddresses(deps, signedInUser(request).id),
    }),
  );

  app.route(
    endpointRoute(addresses.addAddress, {
      tags: ['addresses'],
      summary: 'Add a delivery address: the carrier verifies it and its corrected form is kept',
      description:
        'An address the carrier cannot verify is a 400 whose message is the carrier’s reason, and nothing is ' +
        `kept. At most ${addressLimits.perPerson} addresses per person (409 beyond). 503 while the carrier ` +
        'cannot be reached.',
      errors: [400, 401, 403, 409, 429, 503],
      onRequest: [app.writeLimits.addresses],
      handler: async (request, reply) =>
        reply.code(201).send(await service.addAddress(deps, signedInUser(request).id, request.body)),
    }),
  );

  app.route(
    endpointRoute(addresses.changeAddress, {
      tags: ['addresses'],
      summary: 'Edit one of your addresses: the carrier verifies the new form, which replaces it in place',
      description:
        'It keeps its id and ship-from mark; orders shipped to it keep their copy. An address the carrier cannot ' +
        'verify is a 400 whose message is the carrier’s reason, and nothing changes. Someone else’s address, a ' +
        'removed one and an unknown one are the same 404. 503 while the carrier cannot be reached.',
      params: AddressIdParamsSchema,
      errors: [400, 401, 403, 404, 429, 503],
      onRequest: [app.writeLimits.addresses],
      handler: async (request) =>
        service.changeAddress(deps, signedInUser(request).id, request.params.id, request.body),
    }),
  );

  app.route(
    endpointRoute(addresses.removeAddress, {
      tags: ['addresses'],
      summary: 'Remove one of your addresses (orders shipped to it keep their copy)',
      description: 'Someone else’s address, a removed one and an unknown one are the same 404.',
      params: AddressIdParamsSchema,
      errors: [401, 403, 404, 429, 503],
      onRequest: [app.writeLimits.addresses],
      handler: async (request, reply) => {
        await service.removeAddress(deps, signedInUser(request).id, request.params.id);
        return noContent(reply);
      },
    }),
  );

  app.route(
    endpointRoute(addresses.chooseShipFrom, {
      tags: ['addresses'],
      summary: 'Choose the address your sold phones ship from (seller)',
      description: 'One of your live addresses; anyone else’s or a removed one is a 404. Answers your addresses.',
      errors: [400, 401, 403, 404, 429, 503],
      onRequest: [app.writeLimits.addresses],
      handler: async (request) => service.chooseShipFrom(deps, signedInUser(request).id, request.body),
    }),
  );
};
