/** The questions module's door (docs/decisions/0067): questions on a listing before booking. */
export { questionsRoutes } from './questions.routes.ts';
