import type {
  NewQuestionSchema,
  ProductQuestionsQuerySchema,
  ProductQuestionsSchema,
  QuestionAnswerSchema,
  QuestionSchema,
} from '../questions.ts';
import { endpoint } from './endpoint.ts';

/**
 * Questions on a listing before booking (../questions.ts): anyone reads the answered ones (the
 * caller's own waiting ones, the seller's and an admin's view come with the session), a signed-in
 * buyer or seller asks, the listing's seller answers, an admin hides or shows one again.
 */
export const questionEndpoints = {
  productQuestions: endpoint<{ query: typeof ProductQuestionsQuerySchema; response: typeof ProductQuestionsSchema }>()({
    method: 'GET',
    path: '/products/:id/questions',
    status: 200,
    optionalSession: true,
  }),
  ask: endpoint<{ body: typeof NewQuestionSchema; response: typeof QuestionSchema }>()({
    method: 'POST',
    path: '/products/:id/questions',
    status: 201,
    auth: ['user', 'seller'],
    idempotent: true,
  }),
  answer: endpoint<{ body: typeof QuestionAnswerSchema; response: typeof QuestionSchema }>()({
    method: 'POST',
    path: '/questions/:id/answer',
    status: 200,
    auth: ['seller'],
    idempotent: true,
  }),
  hide: endpoint<{ response: typeof QuestionSchema }>()({
    method: 'POST',
    path: '/admin/questions/:id/hide',
    status: 200,
    auth: ['admin'],
  }),
  unhide: endpoint<{ response: typeof QuestionSchema }>()({
    method: 'POST',
    path: '/admin/questions/:id/unhide',
    status: 200,
    auth: ['admin'],
  }),
} as const;
