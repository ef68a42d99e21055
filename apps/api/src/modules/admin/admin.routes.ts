import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AdminUserIdParamsSchema, apiEndpoints, ReportedProductParamsSchema } from '@recell/contract';
import { endpointRoute, noContent } from '../../lib/routes.ts';
import * as service from './admin.service.ts';
import { signedInUser } from '../auth/index.ts';

/**
 * Moderation (admin only): All Users, All Sellers, Reported Items, Audit Log. Anonymous callers
 * get 401 (a disabled admin's token too), any other role 403.
 */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: service.AdminDeps = {
    db: app.db,
    listingsChanged: app.listingsChanged,
    publicUrl: app.config.publicUrl,
    emailsQueued: () => app.emailsQueued(),
  };
  const { admin } = apiEndpoints;

  app.route(
    endpointRoute(admin.users, {
      tags: ['admin'],
      summary: 'All Users (role=user) or All Sellers (role=seller): active accounts, newest first (admin)',
      description:
        '`q` finds accounts whose name or email contains it, in any case (`%` and `_` are plain characters). ' +
        'Removed (disabled) accounts are not listed. Pass `nextCursor` as `cursor` for the next page.',
      errors: [400, 401, 403],
      handler: async (request) => service.listUsers(deps, request.query),
    }),
  );

  app.route(
    endpointRoute(admin.deleteUser, {
      tags: ['admin'],
      summary: 'Remove a buyer’s or a seller’s account (admin)',
      description:
        'The account is disabled and signed out everywhere at once; its phones for sale and its ' +
        'advertisements leave every page and the open reports on them are closed; its open bookings are ' +
        'cancelled. Sold phones, paid orders and payments stay on record. An admin account cannot be ' +
        'removed (409); an unknown or already removed account is a 404.',
      params: AdminUserIdParamsSchema,
      errors: [401, 403, 404, 409],
      handler: async (request, reply) => {
        await service.removeUser(deps, signedInUser(request), request.params.id);
        return noContent(reply);
      },
    }),
  );

  app.route(
    endpointRoute(admin.verifySeller, {
      tags: ['admin'],
      summary: 'Verify a seller: the verified badge shows on all their cards (admin)',
      params: AdminUserIdParamsSchema,
      errors: [401, 403, 404, 409],
      handler: async (request) => service.verifySeller(deps, signedInUser(request), request.params.id),
    }),
  );

  app.route(
    endpointRoute(admin.reportedProducts, {
      tags: ['admin'],
      summary: 'Reported Items: phones with open reports, grouped, latest report first (admin)',
      description:
        'Each phone comes with how many open reports it has and those reports (reporter, reason, text), ' +
        'newest first. Removed phones and phones of removed sellers are not listed.',
      errors: [400, 401, 403],
      handler: async (request) => service.listReportedProducts(deps, request.query),
    }),
  );

  app.route(
    endpointRoute(admin.deleteReportedProduct, {
      tags: ['admin'],
      summary: 'Delete a reported phone: close its reports, remove the listing and its advertisement (admin)',
      description:
        'A phone for sale becomes removed; a sold phone stays sold (its order and payment stand) but loses ' +
        'its advertisement. 404 when the phone has no open report.',
      params: ReportedProductParamsSchema,
      errors: [401, 403, 404],
      handler: async (request, reply) => {
        await service.removeReportedListing(deps, signedInUser(request), request.params.productId);
        return noContent(reply);
      },
    }),
  );

  app.route(
    endpointRoute(admin.dismissReports, {
      tags: ['admin'],
      summary: 'Dismiss the reports on a phone and keep the listing (admin)',
      params: ReportedProductParamsSchema,
      errors: [401, 403, 404],
      handler: async (request, reply) => {
        await service.dismissReports(deps, signedInUser(request), request.params.productId);
        return noContent(reply);
      },
    }),
  );

  app.route(
    endpointRoute(admin.blockImei, {
      tags: ['admin'],
      summary: 'Block a reported phone’s IMEI as reported stolen (admin)',
      description:
        'The IMEI can never be listed again; every listing of it for sale is removed with its advertisement ' +
        'and its open reports closed; sold listings stay sold but lose the "IMEI checked" mark. 404 when the ' +
        'phone has no open report; 409 when it has no IMEI or the IMEI is blocked already.',
      params: ReportedProductParamsSchema,
      errors: [400, 401, 403, 404, 409],
      handler: async (request, reply) => {
        await service.blockReportedImei(deps, signedInUser(request), request.params.productId, request.body);
        return noContent(reply);
      },
    }),
  );

  app.route(
    endpointRoute(admin.auditLog, {
      tags: ['admin'],
      summary: 'Audit Log: who did what to which record, newest first (admin)',
      errors: [400, 401, 403],
      handler: async (request) => service.listAudit(deps, request.query),
    }),
  );
};
