/**
 * Idempotency keys, as Stripe's API has them (docs/decisions/0056): a route with
 * `config: { idempotent: … }` accepts an `Idempotency-Key` header, and a repeat of the same request
 * by the same account within a day gets the first answer, stored in the database, instead of
 * acting twice. The web sends one key per action and reuses it for that action's retries; the
 * balancer re-sends a request whose replica died with the same header.
 *
 * - The first request with a key claims it (a short statement of its own, no lock held) and runs;
 *   its answer is stored once sent, unless it is a 5xx, which frees the key for a retry.
 * - A repeat of a stored answer gets it again, with `Idempotent-Replayed: true`.
 * - A repeat while the first has no answer yet waits for it a few seconds. Then the first is taken
 *   for lost (its server died mid-request) and the repeat runs in its place: each of these routes
 *   is safe to run again (a payment by its processor key, a booking answers the order its first
 *   run made: `request.idempotency.repeatSince`).
 * - The same key with another route, parameters or body is refused (409).
 */
import { createHash } from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { messages } from '@recell/contract';
import type { Executor } from '../db/client.ts';
import { idempotentRequests } from '../db/schema.ts';
import { AppError } from '../errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Accepts an Idempotency-Key (a signed-in route: keys are per account). */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    /**
     * Set when this request holds an Idempotency-Key; `repeatSince` when it runs in place of an
     * earlier request with that key that never answered (what that one did is in the database).
     */
    idempotency?: { key: string; repeatSince?: Date };
  }
}

export const idempotencyKeyHeader = 'idempotency-key';
/** How long a key's answer is kept and replayed. */
export const idempotencyKeyLifetimeMs = 24 * 60 * 60_000;
/** How long a repeat waits for the first request's answer before taking it for lost. */
const waitForFirstMs = 3000;
const pollMs = 100;
const visibleAscii = /^[\x21-\x7e]{1,255}$/;

const hashOf = (request: FastifyRequest) =>
  createHash('sha256')
    .update(`${request.method} ${request.routeOptions.url ?? ''}\n`)
    .update(JSON.stringify(request.params ?? null))
    .update('\n')
    .update(JSON.stringify(request.body ?? null))
    .digest('base64url');

type StoredRequest = typeof idempotentRequests.$inferSelect;

const findRequest = async (db: Executor, userId: string, key: string): Promise<StoredRequest | undefined> => {
  const [row] = await db
    .select()
    .from(idempotentRequests)
    .where(and(eq(idempotentRequests.userId, userId), eq(idempotentRequests.key, key)));
  return row;
};

/** Deletes answers older than `before`, at most `limit` (the prune job). */
export const deleteIdempotentRequestsBefore = async (db: Executor, before: Date, limit: number): Promise<number> => {
  const old = db
    .select({ userId: idempotentRequests.userId, key: idempotentRequests.key })
    .from(idempotentRequests)
    .where(lt(idempotentRequests.createdAt, before))
    .limit(limit);
  const rows = await db
    .delete(idempotentRequests)
    .where(sql`(${idempotentRequests.userId}, ${idempotentRequests.key}) in (${old})`)
    .returning({ key: idempotentRequests.key });
  return rows.length;
};

export const idempotencyPlugin = fp(
  async (app: FastifyInstance) => {
    const replay = (reply: FastifyReply, stored: StoredRequest) =>
      reply
        .code(stored.statusCode!)
        .header('content-type', 'application/json; charset=utf-8')
        .header('idempotent-replayed', 'true')
        .send(stored.responseBody);

    /** Claims `key` for this request; false when another request holds it. */
    const claim = async (userId: string, key: string, requestHash: string) => {
      const inserted = await app.db
        .insert(idempotentRequests)
        .values({ userId, key, requestHash })
        .onConflictDoNothing()
        .returning({ key: idempotentRequests.key });
      return inserted.length > 0;
    };

    const checkKey = async (request: FastifyRequest, reply: FastifyReply) => {
      const header = request.headers[idempotencyKeyHeader];
      if (header === undefined) return;
      const key = Array.isArray(header) ? header[0]! : header;
      if (!visibleAscii.test(key)) {
        throw new AppError('validation', messages.idempotencyKeyInvalid, {
          'Idempotency-Key': messages.idempotencyKeyInvalid,
        });
      }
      // Routes with keys are signed-in routes: the auth hook has already refused anyone else.
      const userId = request.user!.id;
      const requestHash = hashOf(request);
      if (await claim(userId, key, requestHash)) {
        request.idempotency = { key };
        return;
      }
      const deadline = Date.now() + waitForFirstMs;
      for (;;) {
        const stored = await findRequest(app.db, userId, key);
        if (!stored) {
          // The first failed (5xx) and freed the key: this one runs.
          if (await claim(userId, key, requestHash)) {
            request.idempotency = { key };
            return;
          }
          continue;
        }
        if (stored.requestHash !== requestHash) throw new AppError('conflict', messages.idempotencyKeyReused);
        if (stored.statusCode !== null) return replay(reply, stored);
        if (Date.now() >= deadline) {
          // The first never answered: its server died. This one runs in its place.
          request.idempotency = { key, repeatSince: stored.createdAt };
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, pollMs));
      }
    };

    const storeAnswer = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
      const { idempotency, user } = request;
      if (!idempotency || !user) return payload;
      const where = and(
        eq(idempotentRequests.userId, user.id),
        eq(idempotentRequests.key, idempotency.key),
        isNull(idempotentRequests.statusCode),
      );
      try {
        if (reply.statusCode >= 500) {
          await app.db.delete(idempotentRequests).where(where);
        } else {
          const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString() : '';
          await app.db
            .update(idempotentRequests)
            .set({ statusCode: reply.statusCode, responseBody: body, answeredAt: new Date() })
            .where(where);
        }
      } catch (error) {
        // The answer still goes out; a repeat then runs again, which these routes allow.
        request.log.warn({ err: error }, 'idempotent answer not stored');
      }
      return payload;
    };

    app.addHook('onRoute', (route) => {
      if (!route.config?.idempotent) return;
      route.preHandler = [...toArray(route.preHandler), checkKey];
      // First: the answer as serialized, before compression (another onSend) turns it into a stream.
      route.onSend = [storeAnswer, ...toArray(route.onSend)];
    });
  },
  { name: 'recell-idempotency', dependencies: ['recell-auth'] },
);

const toArray = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];
