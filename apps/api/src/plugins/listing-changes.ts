/**
 * One signal for "what a public listing page shows may have changed": a phone added, removed,
 * advertised or sold, a seller verified or removed. Whatever keeps public pages in memory (the
 * catalogue's short-lived page cache) subscribes with `app.onListingsChanged(fn)`; every write that
 * changes listings calls `app.listingsChanged()` after its transaction commits.
 *
 * In-process only: other API replicas learn of a change when their cache entries expire (a second
 * or two), which is the staleness the public pages accept.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Call after a committed write that changes any public listing page. */
    listingsChanged(): void;
    /** Subscribe to listingsChanged(). */
    onListingsChanged(listener: () => void): void;
  }
}

export const listingChangesPlugin = fp(
  async (app: FastifyInstance) => {
    const listeners: Array<() => void> = [];
    app.decorate('onListingsChanged', (listener: () => void) => {
      listeners.push(listener);
    });
    app.decorate('listingsChanged', () => {
      for (const listener of listeners) listener();
    });
  },
  { name: 'recell-listing-changes' },
);
