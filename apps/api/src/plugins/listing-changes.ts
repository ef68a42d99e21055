/**
 * One signal for "what a public listing page shows may have changed": a phone added, removed,
 * advertised or sold, a seller verified or removed. Whatever keeps public pages in memory (the
 * catalogue's short-lived page cache) subscribes with `app.onListingsChanged(fn)`. The services
 * that make those changes are given `app.listingsChanged` as their `listingsChanged` dependency and
 * call it after their transaction commits, so no route (and no new write path) has to remember it.
 *
 * In-process only: other API replicas learn of a change when their cache entries expire (a second
 * or two), which is the staleness the public pages accept.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Call after a committed write that changes any public listing page (needs no `this`). */
    listingsChanged: () => void;
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
