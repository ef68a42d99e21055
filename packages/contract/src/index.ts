export * from './messages.ts';
export * from './errors.ts';
export * from './constants.ts';
export * from './money.ts';
export * from './catalogue.ts';
export * from './health.ts';
export * from './web-texts.ts';
export * from './pagination.ts';
