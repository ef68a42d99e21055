// The Contact us form's schema, loaded on the form's first check (lib/lazy-resolver.ts).
export { ContactMessageFormSchema } from '@recell/contract';
