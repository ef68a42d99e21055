import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiEndpoints, ProductIdParamsSchema } from '@recell/contract';
import { emptyBodyUnlessObject, endpointRoute, isPlainObject, noContent } from '../../lib/routes.ts';
import * as service from './products.service.ts';
import type { ListingForm } from './products.service.ts';
import { productDepsOf } from './products.deps.ts';
import { isSignedInCaller, signedInUser } from '../auth/index.ts';
import { listingFor } from '../catalogue/index.ts';
import { formParts } from '../../plugins/multipart.ts';

/**
 * The Add Product form: JSON with `imageIds` (or the older `imageId`), or multipart form data
 * (text fields and one file `image`, buffered, 10 MB at most). Every file part is read, to reach
 * the parts after it; only the first non-empty `image` is kept.
 */
const readListingForm = async (request: FastifyRequest): Promise<ListingForm> => {
  if (!request.isMultipart()) {
    return { fields: isPlainObject(request.body) ? request.body : {}, imageField: 'imageIds' };
  }
  const fields: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  let image: Buffer | undefined;
  for await (const part of formParts(request)) {
    if (part.type === 'file') {
      const bytes = await part.toBuffer();
      if (part.fieldname === 'image' && !image && bytes.length > 0) image = bytes;
    } else if (!(part.fieldname in fields)) {
      fields[part.fieldname] = part.value;
    }
  }
  return { fields, image, imageField: 'image' };
};

/** Listings: sellers add, advertise and remove their phones; anyone sees a phone's details. */
export const productsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = productDepsOf(app);

  const { listings, catalogue } = apiEndpoints;

  app.route(
    endpointRoute(listings.createProduct, {
      tags: ['listings'],
      summary: 'Put a phone on sale (seller)',
      description:
        'JSON with the fields and `imageIds`: 1 to 8 pictures uploaded first through POST /api/uploads, in ' +
        'order, the first being the cover (`imageId` with one id is still taken). Or multipart form data with ' +
        'the fields and one picture as the file `image`. Prices are dollars with at most two decimals. Every missing or invalid ' +
        'field is named in `error.fields` with its message. The phone number is kept for buyers who book ' +
        'and is never part of a public listing. A new listing uses a new IMEI: a seller tries a limited ' +
        'number a day (429 with Retry-After), and an IMEI refused (409) names nothing of the listing that holds it.',
      consumes: ['multipart/form-data', 'application/json'],
      errors: [400, 401, 403, 409, 413, 415, 429, 503],
      // Who may sell is checked before the body is read: a caller who may not learns that first, at no cost.
      config: { emailConfirmed: true },
      onRequest: [app.writeLimits.uploads, app.uploadCapacity.reserve],
      // Both bodies are checked by the handler against the contract, together with the picture.
      validatorCompiler: () => () => true,
      handler: async (request, reply) => {
        const form = await readListingForm(request);
        const product = await service.createProduct(deps, signedInUser(request), form);
        return reply.code(201).send(product);
      },
    }),
  );

  app.route(
    endpointRoute(listings.sellerFee, {
      tags: ['listings'],
      summary:
        'What the marketplace keeps of a sale (a percentage of the price plus fixed cents), and who pays for shipping',
      handler: async () => ({ ...app.config.sellerFee, shippingPaidBy: app.config.shippingPaidBy }),
    }),
  );

  app.route(
    endpointRoute(listings.myProducts, {
      tags: ['listings'],
      summary: 'My Products: your phones for sale and sold, newest first (seller)',
      errors: [400, 401, 403],
      handler: async (request) => service.listMyProducts(deps, signedInUser(request).id, request.query),
    }),
  );

  app.route(
    endpointRoute(listings.myProduct, {
      tags: ['listings'],
      summary: 'One of your phones, as the edit form shows it (seller)',
      params: ProductIdParamsSchema,
      errors: [401, 403, 404],
      handler: async (request) => service.getMyProduct(deps, signedInUser(request).id, request.params.id),
    }),
  );

  app.route(
    endpointRoute(listings.updateProduct, {
      tags: ['listings'],
      summary: 'Change your phone’s listing while it is for sale (seller)',
      description:
        'Every field of Add Product (JSON), checked with the same rules and messages; the photos are not ' +
        'part of it. Refused (409) once the phone is sold or while a buyer has booked it, and when the IMEI ' +
        'is blocked or in another listing for sale (the seller’s second refused IMEI in a day gets one neutral ' +
        'answer for both). A change of IMEI counts against the new IMEIs a seller tries a day (429 with ' +
        'Retry-After). A new price is kept in the listing’s price history; ' +
        'after a drop the listing shows the price before it as `previousPriceCents`.',
      params: ProductIdParamsSchema,
      errors: [400, 401, 403, 404, 409, 429, 503],
      onRequest: [app.writeLimits.listingEdits],
      // As Add Product reads its JSON: anything but an object is an empty form.
      preValidation: emptyBodyUnlessObject,
      handler: async (request) => service.updateProduct(deps, signedInUser(request), request.params.id, request.body),
    }),
  );

  app.route(
    endpointRoute(catalogue.product, {
      tags: ['catalogue'],
      summary: 'A phone’s details (for sale or sold)',
      description:
        'Anyone may ask; the seller’s email is in the answer only for a signed-in caller. A listing waiting ' +
        'for review, or rejected, is a 404 to everyone but its seller and admins.',
      params: ProductIdParamsSchema,
      errors: [404],
      handler: async (request, reply) => {
        const product = await service.getListingAsSeen(deps, request.user, request.params.id);
        // Only its seller and admins see a listing that is not public: never kept by a cache.
        if (product.status !== 'available' && product.status !== 'sold') reply.header('cache-control', 'no-store');
        return listingFor(product, isSignedInCaller(request));
      },
    }),
  );

  app.route(
    endpointRoute(listings.replacePhotos, {
      tags: ['listings'],
      summary: 'Replace your phone’s photos (its seller, while it is for sale)',
      description:
        'The whole new list of photos in order: 1 to 8 distinct ids of pictures uploaded through ' +
        'POST /api/uploads (ids of the current photos keep them). Adds, removes and reorders in one call; ' +
        'the first becomes the cover that cards show.',
      params: ProductIdParamsSchema,
      errors: [400, 401, 403, 404, 409, 429],
      onRequest: [app.writeLimits.listingEdits],
      handler: async (request) =>
        service.replaceProductPhotos(deps, signedInUser(request), request.params.id, request.body.imageIds),
    }),
  );

  app.route(
    endpointRoute(listings.deleteProduct, {
      tags: ['listings'],
      summary: 'Remove a phone and its advertisement (its seller, or an admin)',
      params: ProductIdParamsSchema,
      errors: [401, 403, 404],
      handler: async (request, reply) => {
        await service.removeProduct(deps, signedInUser(request), request.params.id);
        return noContent(reply);
      },
    }),
  );

  app.route(
    endpointRoute(listings.advertiseProduct, {
      tags: ['listings'],
      summary: 'Advertise your phone on the home page (once, while it is for sale)',
      params: ProductIdParamsSchema,
      errors: [401, 403, 404, 409],
      handler: async (request, reply) => {
        const product = await service.advertiseProduct(deps, signedInUser(request), request.params.id);
        return reply.code(201).send(product);
      },
    }),
  );
};
