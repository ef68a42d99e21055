// The message form's schema, loaded on the form's first check (lib/lazy-resolver.ts).
export { NewOrderMessageSchema } from '@recell/contract';
