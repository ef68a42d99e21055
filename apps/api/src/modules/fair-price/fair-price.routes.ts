import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiEndpoints } from '@recell/contract';
import { endpointRoute } from '../../lib/routes.ts';
import * as service from './fair-price.service.ts';

/** The fair-price guide: public, like a phone's details (an aggregate of prices, nothing private). */
export const fairPriceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route(
    endpointRoute(apiEndpoints.sellers.fairPrice, {
      tags: ['catalogue'],
      summary: 'The typical price of a model and storage (and condition)',
      description:
        'The median price of paid orders in the last 180 days for the model (case-insensitive, outer spaces ' +
        'trimmed) and storage, in the condition when one is given; with fewer than 5 such sales, the median ' +
        'of the phones for sale. A condition with no sales and no phones for sale is widened to every ' +
        'condition (`conditionWidened`). `sampleSize` and `rule` say what the figure is from; no data at all ' +
        'gives `typicalPriceCents: null`. `exclude` leaves one listing out of the phones for sale.',
      errors: [400],
      handler: async (request) => service.fairPrice(app.db, request.query),
    }),
  );
};
