/**
 * Guessing another seller's IMEI. A listing shows its IMEI's last four digits and the first eight
 * are the model's, which leaves about a hundred IMEIs with the right check digit; a seller editing
 * their own listing's IMEI through them used to find the one answered "already for sale". Now a
 * seller tries only so many new IMEIs a day (a new listing, or an edit that changes the IMEI), the
 * second IMEI refused to them in a day gets one neutral answer whatever the reason, and the third
 * puts them on the admins' Audit Log (decision 0064). An honest seller's one refusal still says why.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminTexts,
  AuditPageSchema,
  ErrorBodySchema,
  imeiWithCheckDigit,
  listingMessages,
  luhnCheckDigit,
  ProductSchema,
} from '@recell/contract';
import { auditLog, blockedImeis, products } from '../src/db/schema.ts';
import { imeiRefusalsFlagged } from '../src/modules/products/index.ts';
import { insertCategories, insertProduct, insertUser, productRow } from './fixtures.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { callerWithRole, type Caller } from './support/accounts.ts';
import { expectError, useTestApp } from './support/api.ts';
import { phoneJpeg } from './support/images.ts';
import { filledListing, postListingJson, uploadPicture } from './support/listings.ts';
import { callAs } from './support/moderation.ts';
import { testRedis } from './support/redis.ts';

/** The first eight digits of one model's IMEIs (its type allocation code), public for every phone of it. */
const tac = '35332911';

/**
 * Every valid IMEI that shows as `last4` on a listing of the model: the eight digits of the model,
 * three unknown ones, and the last four (whose last is the check digit). About a hundred.
 */
const candidatesFor = (last4: string) => {
  const found: string[] = [];
  for (let unknown = 0; unknown < 1000; unknown++) {
    const first14 = `${tac}${String(unknown).padStart(3, '0')}${last4.slice(0, 3)}`;
    if (String(luhnCheckDigit(first14)) === last4[3]) found.push(`${first14}${last4[3]}`);
  }
  return found;
};

/** An IMEI of the model no other test of this file uses (its last four differ). */
let serial = 100;
const modelImei = () => imeiWithCheckDigit(`${tac}${String(serial++).padStart(6, '0')}`);

describe('guessing another seller’s IMEI', () => {
  // The limits as they are outside tests (NODE_ENV=test raises them 100 times); listing edits are
  // limited on their own (write-limits.test.ts), so this file's sellers may edit as often as they like.
  const t = useTestApp({ env: () => ({ NODE_ENV: 'development', LISTING_EDITS_PER_ACCOUNT: '10000' }) });
  let admin: Caller;
  let picture: Buffer;
  // A listing's picture must be its seller's own upload: each seller uploads the same one once.
  const pictures = new Map<Caller, Promise<string>>();
  const imageOf = (seller: Caller) => {
    if (!pictures.has(seller)) pictures.set(seller, uploadPicture(t, seller.headers, picture));
    return pictures.get(seller)!;
  };

  beforeAll(async () => {
    admin = await callerWithRole(t, 'admin');
    picture = await phoneJpeg(200, 150);
  });

  const list = async (seller: Caller, overrides: Record<string, string> = {}) =>
    postListingJson(t, seller.headers, { ...filledListing(overrides), imageId: await imageOf(seller) });
  const listed = async (seller: Caller, overrides: Record<string, string> = {}) => {
    const form = filledListing(overrides);
    const response = await postListingJson(t, seller.headers, { ...form, imageId: await imageOf(seller) });
    expect(response.statusCode, response.body).toBe(201);
    return { product: ProductSchema.parse(response.json()), form };
  };
  const patch = (seller: Caller, id: string, body: Record<string, string>) =>
    t.app.inject({ method: 'PATCH', url: `/api/products/${id}`, headers: seller.headers, payload: body });
  /** The listing as stored, but for its last change time: what a refusal must leave as it was. */
  const stored = async (id: string) => {
    const { updatedAt: _, ...row } = await productRow(t.app.db, id);
    return row;
  };
  const flagsOf = (sellerId: string) =>
    t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subjectId, sellerId))
      .then((rows) => rows.filter((row) => row.action === imeiRefusalsFlagged));
  const expectImeiLimit = (response: { statusCode: number; headers: Record<string, unknown>; json: () => unknown }) => {
    expect(response.statusCode, JSON.stringify(response.json())).toBe(429);
    const retryAfter = Number(response.headers['retry-after']);
    // The day's window, which began with the seller's first new IMEI.
    expect(retryAfter).toBeGreaterThan(23 * 3600);
    expect(retryAfter).toBeLessThanOrEqual(24 * 3600);
    const message = listingMessages.tooManyImeiChanges(retryAfter);
    expect(ErrorBodySchema.parse(response.json())).toEqual({
      error: { code: 'rate_limited', message, fields: { imei: message } },
    });
  };

  it('stops the walk through the hundred candidates at the day’s limit of new IMEIs, before it reaches the one for sale', async () => {
    const last4 = '4821';
    const candidates = candidatesFor(last4);
    expect(candidates.length).toBeGreaterThanOrEqual(97);
    // The victim's phone is the 97th candidate: the walk the review made took 97 requests.
    const target = candidates[96]!;
    const victim = await callerWithRole(t, 'seller');
    const theirs = await listed(victim, { imei: target });
    expect(JSON.stringify(theirs.product)).toContain(last4);

    const prober = await callerWithRole(t, 'seller');
    const mine = await listed(prober, { imei: modelImei() });
    const answers: number[] = [];
    let lastAccepted = mine.form.imei!;
    for (const imei of candidates.slice(0, 97)) {
      const response = await patch(prober, mine.product.id, { ...mine.form, imei });
      answers.push(response.statusCode);
      if (response.statusCode === 200) lastAccepted = imei;
      else expectImeiLimit(response);
    }
    // The listing was the first new IMEI of the day: 9 more, then every answer is the limit's,
    // the one for sale included, so the answers tell the candidates nothing.
    expect(answers.slice(0, 9)).toEqual(Array(9).fill(200));
    expect(answers.slice(9)).toEqual(Array(88).fill(429));
    expect(answers).not.toContain(409);
    const row = await productRow(t.app.db, mine.product.id);
    expect(row.imei).toBe(lastAccepted);
    expect(row.imei).toBe(candidates[8]);

    // A refusal changes nothing; an edit that keeps the IMEI is no new IMEI.
    const before = await stored(mine.product.id);
    expectImeiLimit(await patch(prober, mine.product.id, { ...mine.form, imei: target, price: '1' }));
    expect(await stored(mine.product.id)).toEqual(before);
    const kept = await patch(prober, mine.product.id, { ...mine.form, imei: lastAccepted, price: '500' });
    expect(kept.statusCode, kept.body).toBe(200);

    // A new listing is a new IMEI too: refused, and none is made.
    const fresh = modelImei();
    expectImeiLimit(await list(prober, { imei: fresh }));
    expect(await t.app.db.select().from(products).where(eq(products.imei, fresh))).toEqual([]);

    // Other sellers are not held back by it.
    expect((await list(await callerWithRole(t, 'seller'), { imei: fresh })).statusCode).toBe(201);
  });

  it('counts each new listing of a seller against the same limit', async () => {
    const seller = await callerWithRole(t, 'seller');
    for (let i = 0; i < 10; i++) await listed(seller, { imei: modelImei() });
    const imei = modelImei();
    expectImeiLimit(await list(seller, { imei }));
    expect(await t.app.db.select().from(products).where(eq(products.imei, imei))).toEqual([]);
  });

  it('tells an honest seller why their one refused IMEI was refused, naming nothing of the listing that has it', async () => {
    const holder = await callerWithRole(t, 'seller', { name: 'Marcus Holder' });
    const imei = modelImei();
    const held = await listed(holder, { imei, name: 'Holder’s secret phone', location: 'Secret Town' });
    const honest = await callerWithRole(t, 'seller');
    const inUse = { code: 'conflict', message: listingMessages.imeiInUse, fields: { imei: listingMessages.imeiInUse } };
    const first = await list(honest, { imei });
    expectError(first, 409, inUse);
    for (const secret of [held.product.id, holder.id, 'Marcus', 'Holder’s secret', 'Secret Town'])
      expect(first.body).not.toContain(secret);
    // Trying the same IMEI again, here in an edit, is no new guess: the same answer, and no flag.
    const mine = await listed(honest, { imei: modelImei() });
    const before = await stored(mine.product.id);
    expectError(await patch(honest, mine.product.id, { ...mine.form, imei }), 409, inUse);
    expectError(await list(honest, { imei }), 409, inUse);
    expect(await stored(mine.product.id)).toEqual(before);
    expect(await flagsOf(honest.id)).toEqual([]);

    // Their own listing's IMEI (the phone listed twice) is no guess: told as it is, never counted,
    // so the next IMEI refused to that seller still says why.
    const relister = await callerWithRole(t, 'seller');
    const own = await listed(relister, { imei: modelImei() });
    for (let i = 0; i < 3; i++) expectError(await list(relister, { imei: own.form.imei! }), 409, inUse);
    const stolen = modelImei();
    await t.app.db.insert(blockedImeis).values({ imei: stolen, reason: 'Reported stolen', blockedBy: admin.id });
    expectError(await list(relister, { imei: stolen }), 409, {
      code: 'conflict',
      message: listingMessages.imeiBlocked,
      fields: { imei: listingMessages.imeiBlocked },
    });
  });

  it('answers a seller’s second refused IMEI in a day neutrally, and puts the third on the admins’ Audit Log once', async () => {
    const candidates = candidatesFor('7305');
    const [firstHeld, stolen, secondHeld, thirdHeld] = [
      candidates[3]!,
      candidates[20]!,
      candidates[41]!,
      candidates[77]!,
    ];
    const holders = await Promise.all([1, 2, 3].map(() => callerWithRole(t, 'seller')));
    await listed(holders[0]!, { imei: firstHeld });
    await listed(holders[1]!, { imei: secondHeld });
    await listed(holders[2]!, { imei: thirdHeld });
    await t.app.db.insert(blockedImeis).values({ imei: stolen, reason: 'Reported stolen', blockedBy: admin.id });

    const prober = await callerWithRole(t, 'seller', { name: 'Probing Pat' });
    const mine = await listed(prober, { imei: modelImei() });
    const before = await stored(mine.product.id);
    const tryImei = (imei: string) => patch(prober, mine.product.id, { ...mine.form, imei });
    const neutral = {
      code: 'conflict',
      message: listingMessages.imeiRefused,
      fields: { imei: listingMessages.imeiRefused },
    };

    expectError(await tryImei(firstHeld), 409, {
      code: 'conflict',
      message: listingMessages.imeiInUse,
      fields: { imei: listingMessages.imeiInUse },
    });
    // The second: a blocked IMEI answers as one for sale does, and one for sale as a blocked one.
    const blockedAnswer = await tryImei(stolen);
    expectError(blockedAnswer, 409, neutral);
    expect(await flagsOf(prober.id)).toEqual([]);
    const heldAnswer = await tryImei(secondHeld);
    expectError(heldAnswer, 409, neutral);
    expect(heldAnswer.body).toBe(blockedAnswer.body);
    // The first, tried again, is no longer told apart either.
    expectError(await tryImei(firstHeld), 409, neutral);

    const flags = await flagsOf(prober.id);
    expect(flags).toHaveLength(1);
    expect(flags[0]).toMatchObject({
      actorId: prober.id,
      subjectType: 'user',
      subjectId: prober.id,
      detail: { refusedImeis: 3, withinHours: 24 },
    });
    for (const imei of [firstHeld, stolen, secondHeld]) expect(JSON.stringify(flags[0])).not.toContain(imei);
    // Once a day: a fourth refused IMEI adds no flag.
    expectError(await tryImei(thirdHeld), 409, neutral);
    expect(await flagsOf(prober.id)).toHaveLength(1);
    expect(await stored(mine.product.id)).toEqual(before);

    // The admins see it on the Audit Log, by its name, with the seller.
    const audit = await callAs(t, admin, 'GET', '/api/admin/audit?limit=100');
    expect(audit.statusCode, audit.body).toBe(200);
    const entry = AuditPageSchema.parse(audit.json()).items.find((item) => item.action === imeiRefusalsFlagged);
    expect(entry).toMatchObject({ actor: { id: prober.id, name: 'Probing Pat' }, subjectId: prober.id });
    expect(adminTexts.auditActions[imeiRefusalsFlagged]).toBeDefined();

    // Another seller's first refusal still says why.
    expectError(await list(await callerWithRole(t, 'seller'), { imei: thirdHeld }), 409, {
      code: 'conflict',
      message: listingMessages.imeiInUse,
      fields: { imei: listingMessages.imeiInUse },
    });
  });
});

/** A database of its own, so the keys written here never meet another suite's. */
const { url: redisDbUrl, hasRedis } = await testRedis(12);

describe.skipIf(!hasRedis)(`IMEI limits shared through Redis (${redisDbUrl})`, () => {
  const env = { IMEI_CHANGES_PER_ACCOUNT: '3', IMEI_REFUSALS_TOLD_PER_ACCOUNT: '1', IMEI_REFUSALS_FLAGGED_AT: '3' };
  let a: TestApp;
  let b: TestApp;
  let redis: Redis;
  beforeAll(async () => {
    redis = new Redis(redisDbUrl);
    [a, b] = await Promise.all([
      createTestApp({ ...env, REDIS_URL: redisDbUrl }),
      createTestApp({ ...env, REDIS_URL: redisDbUrl }),
    ]);
    await Promise.all([insertCategories(a.app.db), insertCategories(b.app.db)]);
  });
  afterAll(async () => {
    await Promise.all([a.close(), b.close()]);
    const keys = await redis.keys('recell:rate-limit:imei-*');
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it('two API instances count a seller’s new IMEIs and refused IMEIs together, keeping digests, not IMEIs', async () => {
    // The same seller in both instances' databases, with a picture in each.
    const id = randomUUID();
    const [onA, onB] = await Promise.all(
      [a, b].map(async (t) => {
        const user = await insertUser(t.app.db, { id, role: 'seller' });
        const { token } = await t.app.accessTokens.sign({ userId: user.id, role: user.role });
        const headers = { authorization: `Bearer ${token}` };
        const imageId = await uploadPicture(t, headers, await phoneJpeg(200, 150));
        return { t, list: (imei: string) => postListingJson(t, headers, { ...filledListing({ imei }), imageId }) };
      }),
    );
    // In A an IMEI is for sale by another seller; in B another is blocked.
    const held = modelImei();
    await insertProduct(a.app.db, (await insertUser(a.app.db, { role: 'seller' })).id, { imei: held });
    const stolen = modelImei();
    const blocker = await insertUser(b.app.db, { role: 'admin' });
    await b.app.db.insert(blockedImeis).values({ imei: stolen, reason: 'Reported stolen', blockedBy: blocker.id });

    expectError(await onA!.list(held), 409, {
      code: 'conflict',
      message: listingMessages.imeiInUse,
      fields: { imei: listingMessages.imeiInUse },
    });
    expectError(await onB!.list(stolen), 409, {
      code: 'conflict',
      message: listingMessages.imeiRefused,
      fields: { imei: listingMessages.imeiRefused },
    });
    expect((await onA!.list(modelImei())).statusCode).toBe(201);
    const refused = await onB!.list(modelImei());
    expect(refused.statusCode, refused.body).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(23 * 3600);

    const keys = await redis.keys('recell:rate-limit:imei-*');
    expect(keys.some((key) => key.includes(`imei-changes:${id}`))).toBe(true);
    for (const imei of [held, stolen]) expect(keys.join(' ')).not.toContain(imei);
  });
});
