// The question and answer forms' schemas, loaded on a form's first check (lib/lazy-resolver.ts).
export { NewQuestionSchema, QuestionAnswerSchema } from '@recell/contract';
