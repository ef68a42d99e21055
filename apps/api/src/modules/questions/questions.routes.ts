import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiEndpoints, ProductIdParamsSchema, QuestionIdParamsSchema } from '@recell/contract';
import { endpointRoute } from '../../lib/routes.ts';
import { signedInUser } from '../auth/index.ts';
import * as service from './questions.service.ts';

/** Questions on a listing before booking (docs/decisions/0067). */
export const questionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: service.QuestionDeps = {
    db: app.db,
    publicUrl: app.config.publicUrl,
    emailsQueued: () => app.emailsQueued(),
  };
  const { questions } = apiEndpoints;

  app.route(
    endpointRoute(questions.productQuestions, {
      tags: ['questions'],
      summary: 'A phone’s questions: the answered ones, newest first (anyone)',
      description:
        'Pass `nextCursor` as `cursor` for older ones. Who asked is never sent. Signed in, the first page also ' +
        'holds the waiting questions the caller may see: their own; all of them for the phone’s seller and ' +
        'admins (who also get hidden ones, marked). A removed or unknown phone: 404.',
      params: ProductIdParamsSchema,
      errors: [400, 404],
      handler: async (request) => service.listQuestions(app.db, request.user, request.params.id, request.query),
    }),
  );

  app.route(
    endpointRoute(questions.ask, {
      tags: ['questions'],
      summary: 'Ask the seller a question about a phone for sale (not your own)',
      description:
        'Trimmed, 3 to 500 characters; contact details are masked before it is stored. At most 3 of your ' +
        'questions wait for an answer on one phone (409). Your own phone: 403; sold: 409; removed or unknown: ' +
        '404. The seller is notified. Limited per account (429 with Retry-After).',
      params: ProductIdParamsSchema,
      errors: [400, 401, 403, 404, 409, 429, 503],
      config: { emailConfirmed: true },
      onRequest: [app.writeLimits.questions],
      handler: async (request, reply) =>
        reply.code(201).send(await service.askQuestion(deps, signedInUser(request), request.params.id, request.body)),
    }),
  );

  app.route(
    endpointRoute(questions.answer, {
      tags: ['questions'],
      summary: 'Answer a question about your phone, once (its seller)',
      description:
        'Trimmed, 1 to 1000 characters, contact details masked; it becomes public. Answered already or ' +
        'hidden by an admin: 409. Anyone but the phone’s seller, or a removed phone: 404. The asker is notified.',
      params: QuestionIdParamsSchema,
      errors: [400, 401, 403, 404, 409],
      config: { emailConfirmed: true },
      handler: async (request) => service.answerQuestion(deps, signedInUser(request), request.params.id, request.body),
    }),
  );

  for (const [endpoint, hidden] of [
    [questions.hide, true],
    [questions.unhide, false],
  ] as const) {
    app.route(
      endpointRoute(endpoint, {
        tags: ['admin'],
        summary: hidden ? 'Hide a question on a listing (admin)' : 'Show a hidden question again (admin)',
        description:
          'A hidden question leaves every view but an admin’s and cannot be answered. Audited when it changes ' +
          'something; asking for what is already so changes nothing. Unknown: 404.',
        params: QuestionIdParamsSchema,
        errors: [401, 403, 404],
        handler: async (request) => service.setQuestionHidden(deps, signedInUser(request), request.params.id, hidden),
      }),
    );
  }
};
