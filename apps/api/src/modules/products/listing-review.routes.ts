import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiEndpoints, imageLimits, ListingCodeParamsSchema, ProductIdParamsSchema } from '@recell/contract';
import { endpointRoute, noContent } from '../../lib/routes.ts';
import { signedInUser } from '../auth/index.ts';
import { readImageField } from '../uploads/index.ts';
import * as service from './listing-review.service.ts';
import type { ReviewDeps } from './listing-review.service.ts';

/** The form PUT /api/listing-codes/:code/photo takes. Documentation only: the handler reads the stream. */
const PhotoFormSchema = z
  .object({
    photo: z.string().meta({
      format: 'binary',
      description: `A JPEG, PNG, WebP or AVIF picture of at most ${imageLimits.maxBytes / 1024 / 1024} MB`,
    }),
  })
  .meta({ id: 'VerificationPhotoForm' });

/** Listing review (docs/decisions/0068): codes and photos for sellers, the queue and decisions for admins. */
export const listingReviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: ReviewDeps = {
    db: app.db,
    listingsChanged: app.listingsChanged,
    publicUrl: app.config.publicUrl,
    emailsQueued: () => app.emailsQueued(),
    trustedSellerSales: app.config.trustedSellerSales,
  };
  const { listingReview } = apiEndpoints;

  app.route(
    endpointRoute(listingReview.issueCode, {
      tags: ['listings'],
      summary: 'Will my next listing wait for review? If so, its verification code (seller)',
      description:
        'A seller with fewer completed sales than the marketplace asks (and not verified by an admin) lists ' +
        'into the admins’ review queue: they get a code to write on paper beside the phone in a verification ' +
        'photo, which Add Product then sends with `verificationCode`. A trusted seller gets no code.',
      errors: [401, 403, 429],
      config: { emailConfirmed: true },
      onRequest: [app.writeLimits.listingEdits],
      handler: async (request, reply) => reply.code(201).send(await service.issueCode(deps, signedInUser(request))),
    }),
  );

  app.route(
    endpointRoute(listingReview.uploadPhoto, {
      tags: ['listings'],
      summary: 'The verification photo for one of your codes (seller)',
      description:
        'A multipart form with one file `photo`: the phone beside the paper with the code. Checked and ' +
        're-encoded as any upload, kept privately with the code (never at a public address); a new photo ' +
        'replaces the last until a listing uses the code. Another seller’s code or a used one is a 404.',
      params: ListingCodeParamsSchema,
      form: PhotoFormSchema,
      errors: [400, 401, 403, 404, 413, 415, 429, 503],
      config: { emailConfirmed: true },
      onRequest: [app.writeLimits.uploads, app.uploadCapacity.reserve],
      handler: async (request, reply) => {
        const photo = await readImageField(request, 'photo');
        await service.saveCodePhoto(deps, signedInUser(request), request.params.code, photo);
        return noContent(reply);
      },
    }),
  );

  app.route(
    endpointRoute(listingReview.photo, {
      tags: ['listings'],
      summary: 'A listing’s verification photo (its seller, or an admin)',
      description: 'A WebP as a data URL. Anyone else is told the listing has none (404).',
      params: ProductIdParamsSchema,
      errors: [401, 403, 404],
      handler: async (request) => service.getVerificationPhoto(deps, signedInUser(request), request.params.id),
    }),
  );

  app.route(
    endpointRoute(listingReview.queue, {
      tags: ['admin'],
      summary: 'Listing review: listings waiting for an admin, oldest first (admin)',
      errors: [400, 401, 403],
      handler: async (request) => service.listPendingListings(deps, request.query),
    }),
  );

  app.route(
    endpointRoute(listingReview.approve, {
      tags: ['admin'],
      summary: 'Approve a listing waiting for review: it goes on sale (admin)',
      description:
        'Refused (409) when it is not waiting for review, or when its IMEI was blocked or went on sale in ' +
        'another listing meanwhile. The seller is notified.',
      params: ProductIdParamsSchema,
      errors: [401, 403, 404, 409],
      handler: async (request, reply) => {
        await service.approveListing(deps, signedInUser(request), request.params.id);
        return noContent(reply);
      },
    }),
  );

  app.route(
    endpointRoute(listingReview.reject, {
      tags: ['admin'],
      summary: 'Reject a listing waiting for review, with the reason its seller reads (admin)',
      description:
        'The listing stays off sale, marked rejected with the reason on its seller’s My Products; the seller ' +
        'is notified, and their next edit of it sends it for review again. 409 when it is not waiting.',
      params: ProductIdParamsSchema,
      errors: [400, 401, 403, 404, 409],
      handler: async (request, reply) => {
        await service.rejectListing(deps, signedInUser(request), request.params.id, request.body.reason);
        return noContent(reply);
      },
    }),
  );
};
