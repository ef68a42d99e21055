/**
 * 9. kill -9 mid-POST behind the balancer: buyers book phones with an Idempotency-Key (as the web
 * sends one per action) while a replica is killed with bookings under way. HAProxy re-sends a
 * request whose replica died before answering; a client that got no answer at all sends it again
 * with the same key. Every buyer's booking must answer 201 with their order (never "You have
 * already booked this phone" for their own booking), a repeat with the same key must answer the
 * same order, and each buyer must hold exactly one order.
 */
import { randomUUID } from 'node:crypto';
import { NetworkError, type Reply } from '../lib/http.ts';
import { beginScenario, check, figure, inParallel, sleep, waitUntil } from '../lib/report.ts';
import { addListing, type Account } from '../marketplace.ts';
import type { Topology } from '../topology/topology.ts';

const bookings = 60;

const bookingOf = (productId: string) => ({ productId, phone: '312-555-0126', location: 'Chicago, IL' });

export const retriedPosts = async (t: Topology, seller: Account, pictureId: string, buyers: Account[]) => {
  beginScenario(`9. kill -9 mid-POST behind the balancer: ${bookings} bookings with Idempotency-Keys`);
  const phones = await inParallel(
    Array.from({ length: bookings }, (_, i) => i),
    6,
    (i) => addListing(t.client, seller, `Pixel ${6 + (i % 3)} #${i + 1}`, 200 + i, pictureId),
  );
  const attempts = phones.map((phone, i) => ({
    buyer: buyers[i % buyers.length]!,
    phone,
    key: randomUUID(),
    first: undefined as Reply | undefined,
    resent: 0,
  }));
  const countersBefore = await t.balancer.backendCounters();
  const book = (attempt: (typeof attempts)[number]) =>
    t.client.post('/api/orders', {
      token: attempt.buyer.accessToken,
      headers: { 'idempotency-key': attempt.key },
      body: bookingOf(attempt.phone.id),
      timeoutMs: 30_000,
    });

  let inFlight = 0;
  const victim = t.replicas[Math.floor(Math.random() * t.replicas.length)]!;
  const killer = (async () => {
    await waitUntil(async () => inFlight >= 6, 30_000, 5);
    await victim.kill();
    figure('killed', `${victim.name} with ${inFlight} bookings under way`);
  })();
  await inParallel(attempts, 12, async (attempt) => {
    // A client that got no answer sends the same request again, with the same key.
    for (let tries = 0; tries < 3 && !attempt.first; tries++) {
      inFlight += 1;
      try {
        attempt.first = await book(attempt);
      } catch (error) {
        if (!(error instanceof NetworkError)) throw error;
        attempt.resent += 1;
        await sleep(300);
      } finally {
        inFlight -= 1;
      }
      // Slow enough that the kill finds requests under way on every replica.
      await sleep(20);
    }
  });
  await killer;
  const counters = await t.balancer.backendCounters();
  figure(
    'HAProxy re-sent',
    `${counters.retries - countersBefore.retries} requests (${counters.redispatches - countersBefore.redispatches} to another replica); clients re-sent ${attempts.reduce((n, a) => n + a.resent, 0)}`,
  );

  const statuses = new Map<string, number>();
  for (const attempt of attempts) {
    const key = attempt.first ? String(attempt.first.status) : 'no answer';
    statuses.set(key, (statuses.get(key) ?? 0) + 1);
  }
  figure('first answers', [...statuses].map(([status, n]) => `${status} × ${n}`).join(', '));
  const notBooked = attempts.filter((attempt) => attempt.first?.status !== 201);
  check(
    'every booking answered 201 with its order (none told it was already booked)',
    notBooked.length === 0,
    notBooked
      .slice(0, 3)
      .map((attempt) => `${attempt.first?.status ?? 'no answer'} ${attempt.first?.text.slice(0, 120) ?? ''}`)
      .join('; '),
  );

  await victim.start();
  await victim.waitReady(90_000);
  await t.balancer.waitAllUp(t.replicas.map((replica) => replica.name));
  let replayed = 0;
  const differing: string[] = [];
  for (const attempt of attempts) {
    const again = await book(attempt);
    if (again.headers['idempotent-replayed'] === 'true') replayed += 1;
    const firstId = attempt.first?.status === 201 ? attempt.first.json<{ id: string }>().id : undefined;
    const againId = again.status === 201 ? again.json<{ id: string }>().id : undefined;
    if (again.status !== attempt.first?.status || againId !== firstId)
      differing.push(
        `${attempt.first?.status} ${firstId ?? ''} → ${again.status} ${againId ?? again.text.slice(0, 80)}`,
      );
  }
  figure('repeats with the same key', `${attempts.length}, ${replayed} replayed from the stored answer`);
  check(
    'each repeat answers what the first did (the same order)',
    differing.length === 0,
    differing.slice(0, 3).join('; '),
  );

  const [held] = await t.postgres.query<{ orders: number; phones: number }>(
    `select count(*)::int as orders, count(distinct product_id)::int as phones from orders
     where product_id = any($1::uuid[]) and status <> 'cancelled'`,
    [attempts.map((attempt) => attempt.phone.id)],
  );
  figure('orders held', `${held?.orders} for ${held?.phones} phones`);
  check('each buyer holds exactly one order of their phone', held?.orders === bookings && held.phones === bookings);
};
