/**
 * The background jobs, each run as the schedulers run it (runJob) against the test database:
 * what each deletes, what it must never delete, and that a second run finds nothing more to do.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Storage } from '../src/adapters/storage/s3-storage.ts';
import type { ImageStorage } from '../src/adapters/storage/storage.ts';
import { productPhotos, sessions, users, webhookEvents } from '../src/db/schema.ts';
import { deleteOrphanUploads, orphanUploadGraceMs } from '../src/jobs/delete-orphan-uploads.job.ts';
import { dayMs, hourMs, type JobDefinition, type JobDeps } from '../src/jobs/job.ts';
import { jobDepsOfApp } from '../src/jobs/job-deps.ts';
import { findJob, jobDefinitions, runJob } from '../src/jobs/jobs.ts';
import { pruneSessions, sessionRetentionMs } from '../src/jobs/prune-sessions.job.ts';
import { trimWebhookEvents, webhookEventRetentionMs } from '../src/jobs/trim-webhook-events.job.ts';
import { jobRuns, metricsRegistry } from '../src/lib/metrics.ts';
import { storeImage } from '../src/modules/uploads/index.ts';
import { insertProduct, insertUser } from './fixtures.ts';
import { useTestApp } from './support/api.ts';
import { insertPasswordUser, refresh, refreshCookie, sessionOf } from './support/accounts.ts';
import { startFakeS3, type FakeS3 } from './support/fake-s3.ts';
import { phoneJpeg } from './support/images.ts';

const t = useTestApp();

const depsAt = (now: Date, overrides: Partial<JobDeps> = {}): JobDeps => ({
  ...jobDepsOfApp(t.app),
  now: () => now,
  ...overrides,
});
const run = (job: JobDefinition, deps: JobDeps) => runJob(job, deps, { signal: new AbortController().signal });
const later = (ms: number) => new Date(Date.now() + ms);

describe('the job list', () => {
  it('has the housekeeping jobs and the email delivery, each named once and with a schedule', () => {
    expect(jobDefinitions.map((job) => job.name).sort()).toEqual([
      'delete-orphan-uploads',
      'deliver-emails',
      'follow-parcels',
      'forget-idempotent-answers',
      'progress-orders',
      'prune-sessions',
      'recheck-devices',
      'reconcile-payments',
      'refresh-search-terms',
      'release-payouts',
      'trim-webhook-events',
    ]);
    for (const job of jobDefinitions) {
      expect(job.every.cron.split(' ')).toHaveLength(5);
      // Long enough for its work; a dead worker is noticed sooner, by its heartbeat.
      expect(job.timeLimitSeconds).toBeGreaterThanOrEqual(60);
      expect(job.every.ms).toBeGreaterThanOrEqual(60_000);
    }
    expect(findJob('reconcile-payments')?.every.cron).toBe('* * * * *');
    expect(findJob('nope')).toBeUndefined();
  });
});

describe('prune-sessions', () => {
  const insertSession = async (
    userId: string,
    values: { familyId?: string; expiresAt: Date; rotatedAt?: Date; revokedAt?: Date },
  ) => {
    const [row] = await t.app.db
      .insert(sessions)
      .values({ userId, familyId: randomUUID(), tokenHash: randomUUID(), ...values })
      .returning();
    return row!.id;
  };

  it('deletes tokens expired or revoked longer ago than the retention, and keeps every other', async () => {
    const user = await insertUser(t.app.db);
    const now = new Date();
    const ago = (ms: number) => new Date(now.getTime() - ms);
    const ahead = (ms: number) => new Date(now.getTime() + ms);
    const past = sessionRetentionMs + hourMs;
    const liveFamily = randomUUID();
    const mixedFamily = randomUUID();
    const kept = {
      liveHead: await insertSession(user.id, { familyId: liveFamily, expiresAt: ahead(20 * dayMs) }),
      // A used token of a live sign-in: its owner may still present it, which is how reuse is caught.
      usedOfLive: await insertSession(user.id, {
        familyId: liveFamily,
        expiresAt: ahead(19 * dayMs),
        rotatedAt: ago(2 * dayMs),
      }),
      revokedRecently: await insertSession(user.id, { expiresAt: ahead(dayMs), revokedAt: ago(hourMs) }),
      expiredRecently: await insertSession(user.id, { expiresAt: ago(hourMs) }),
      // Revoked long ago, but its sign-in still has a live token: presenting it must still end that.
      revokedOfLive: await insertSession(user.id, {
        familyId: mixedFamily,
        expiresAt: ahead(dayMs),
        revokedAt: ago(past),
      }),
      liveOfMixed: await insertSession(user.id, { familyId: mixedFamily, expiresAt: ahead(dayMs) }),
    };
    const gone = {
      revokedLongAgo: await insertSession(user.id, { expiresAt: ahead(dayMs), revokedAt: ago(past) }),
      expiredLongAgo: await insertSession(user.id, { expiresAt: ago(past) }),
      usedAndExpired: await insertSession(user.id, { expiresAt: ago(past), rotatedAt: ago(20 * dayMs) }),
    };

    expect(await run(pruneSessions, depsAt(now))).toEqual({ deleted: 3 });
    const left = new Set(
      (await t.app.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, user.id))).map((r) => r.id),
    );
    for (const [name, id] of Object.entries(kept)) expect(left.has(id), name).toBe(true);
    for (const [name, id] of Object.entries(gone)) expect(left.has(id), name).toBe(false);

    expect(await run(pruneSessions, depsAt(now))).toEqual({ deleted: 0 });
  });

  it('keeps reuse detection working: a used token presented after the job still ends its sign-in', async () => {
    const user = await insertPasswordUser(t.app.db);
    const { refreshToken: first } = await sessionOf(t, user.email);
    const second = refreshCookie(await refresh(t, first))!.value;
    // The owner refreshes again, so `first` is past its grace window's successor.
    const third = refreshCookie(await refresh(t, second))!.value;

    // The job runs days later (well within the token's life).
    await run(pruneSessions, depsAt(later(3 * dayMs)));

    expect((await refresh(t, first)).statusCode).toBe(401);
    // Reuse ended the whole sign-in, so the token that was current is refused too.
    expect((await refresh(t, third)).statusCode).toBe(401);
  });

  it('stops at a batch boundary when asked to stop', async () => {
    const user = await insertUser(t.app.db);
    await insertSession(user.id, { expiresAt: new Date(Date.now() - 3 * dayMs) });
    const stopping = new AbortController();
    stopping.abort();
    expect(await runJob(pruneSessions, depsAt(new Date()), { signal: stopping.signal })).toEqual({ deleted: 0 });
  });
});

describe('trim-webhook-events', () => {
  it('deletes events received longer ago than the retention and keeps recent ones', async () => {
    const now = new Date();
    const old = `evt_old_${randomUUID()}`;
    const recent = `evt_recent_${randomUUID()}`;
    await t.app.db.insert(webhookEvents).values([
      {
        provider: 'stripe',
        eventId: old,
        type: 'payment_intent.succeeded',
        receivedAt: new Date(now.getTime() - webhookEventRetentionMs - hourMs),
      },
      {
        provider: 'stripe',
        eventId: recent,
        type: 'payment_intent.succeeded',
        receivedAt: new Date(now.getTime() - 4 * dayMs),
      },
    ]);

    expect(await run(trimWebhookEvents, depsAt(now))).toEqual({ deleted: 1 });
    const left = (await t.app.db.select({ eventId: webhookEvents.eventId }).from(webhookEvents)).map((r) => r.eventId);
    expect(left).toContain(recent);
    expect(left).not.toContain(old);
    expect(await run(trimWebhookEvents, depsAt(now))).toEqual({ deleted: 0 });
  });
});

describe('delete-orphan-uploads', () => {
  const keysOf = (url: string) => {
    const key = url.replace(/^\/uploads\//, '');
    return [key, key.replace(/\.webp$/, '-400.webp'), key.replace(/\.webp$/, '-800.webp')];
  };
  const stored = async (url: string) =>
    Promise.all(keysOf(url).map((key) => t.app.storage.exists(key))).then((all) => all.every(Boolean));
  const nothingLeft = async (url: string) =>
    Promise.all(keysOf(url).map((key) => t.app.storage.exists(key))).then((all) => all.every((e) => !e));

  it('deletes an old picture nothing uses (every copy), never a used or a young one, nor a key it does not know', async () => {
    const [listingPicture, profilePhoto, abandoned] = await Promise.all(
      [phoneJpeg(300, 200), phoneJpeg(310, 200), phoneJpeg(320, 200)].map(async (bytes) =>
        storeImage(t.app.storage, await bytes),
      ),
    );
    const seller = await insertUser(t.app.db, { role: 'seller', imageUrl: profilePhoto!.url });
    await insertProduct(t.app.db, seller.id, { imageUrl: listingPicture!.url });
    await t.app.storage.put('notes/readme.txt', Buffer.from('not a picture'), 'text/plain');

    // Within the grace period nothing is deleted: the abandoned upload may be about to be used.
    const young = await run(deleteOrphanUploads, depsAt(later(orphanUploadGraceMs - hourMs)));
    expect(young).toMatchObject({ deleted: 0, young: 1, referenced: 2 });
    expect(await stored(abandoned!.url)).toBe(true);

    const result = await run(deleteOrphanUploads, depsAt(later(orphanUploadGraceMs + hourMs)));
    expect(result).toMatchObject({ deleted: 1, deletedFiles: 3, referenced: 2, young: 0 });
    expect(await nothingLeft(abandoned!.url)).toBe(true);
    expect(await stored(listingPicture!.url)).toBe(true);
    expect(await stored(profilePhoto!.url)).toBe(true);
    expect(await t.app.storage.exists('notes/readme.txt')).toBe(true);

    expect(await run(deleteOrphanUploads, depsAt(later(orphanUploadGraceMs + hourMs)))).toMatchObject({ deleted: 0 });
  });

  it('keeps every photo of a listing, not only its cover', async () => {
    const [cover, second] = await Promise.all(
      [phoneJpeg(360, 200), phoneJpeg(370, 200)].map(async (bytes) => storeImage(t.app.storage, await bytes)),
    );
    const seller = await insertUser(t.app.db, { role: 'seller' });
    const product = await insertProduct(t.app.db, seller.id, { imageUrl: cover!.url });
    await t.app.db.insert(productPhotos).values([
      { productId: product.id, position: 0, imageUrl: cover!.url },
      { productId: product.id, position: 1, imageUrl: second!.url },
    ]);
    await run(deleteOrphanUploads, depsAt(later(orphanUploadGraceMs + hourMs)));
    expect(await stored(cover!.url)).toBe(true);
    expect(await stored(second!.url)).toBe(true);

    // The last look before deleting sees a photo saved while the sweep walks the store.
    const late = await storeImage(t.app.storage, await phoneJpeg(380, 200));
    const storage: ImageStorage = {
      ...t.app.storage,
      async *list() {
        await t.app.db.insert(productPhotos).values({ productId: product.id, position: 2, imageUrl: late.url });
        yield* t.app.storage.list();
      },
    };
    await run(deleteOrphanUploads, depsAt(later(orphanUploadGraceMs + hourMs), { storage }));
    expect(await stored(late.url)).toBe(true);
  });

  it('keeps a picture a profile starts using while the sweep is under way', async () => {
    const photo = await storeImage(t.app.storage, await phoneJpeg(330, 200));
    const user = await insertUser(t.app.db);
    // The sweep has read which pictures are used; the profile is saved while it walks the store.
    const storage: ImageStorage = {
      ...t.app.storage,
      async *list() {
        await t.app.db.update(users).set({ imageUrl: photo.url }).where(eq(users.id, user.id));
        yield* t.app.storage.list();
      },
    };
    const result = await run(deleteOrphanUploads, depsAt(later(orphanUploadGraceMs + hourMs), { storage }));
    expect(result).toMatchObject({ deleted: 0 });
    expect(await stored(photo.url)).toBe(true);
  });
});

describe('delete-orphan-uploads on an S3 bucket', () => {
  const credentials = { accessKeyId: 'AKIDRECELLJOBS', secretAccessKey: 'recell-jobs-secret-key-0123456789' };
  let s3: FakeS3;
  beforeAll(async () => {
    s3 = await startFakeS3(credentials);
  });
  afterAll(() => s3.close());

  it('reads the bucket page by page and deletes only the old picture nothing uses, by its CDN address', async () => {
    const storage = createS3Storage({
      bucket: 'recell-images',
      region: 'eu-west-1',
      endpoint: s3.endpoint,
      forcePathStyle: true,
      publicUrl: 'https://cdn.recell.test/images',
      listPageSize: 2,
      ...credentials,
    });
    const used = await storeImage(storage, await phoneJpeg(340, 200));
    const unused = await storeImage(storage, await phoneJpeg(350, 200));
    expect(used.url).toMatch(/^https:\/\/cdn\.recell\.test\/images\//);
    const seller = await insertUser(t.app.db, { role: 'seller' });
    await insertProduct(t.app.db, seller.id, { imageUrl: used.url });

    const result = await run(deleteOrphanUploads, depsAt(later(orphanUploadGraceMs + hourMs), { storage }));
    expect(result).toMatchObject({ images: 2, referenced: 1, deleted: 1, deletedFiles: 3 });
    const left = [...s3.objects.keys()];
    expect(left.filter((key) => key.includes(unused.id))).toEqual([]);
    expect(left.filter((key) => key.includes(used.id))).toHaveLength(3);
    expect(s3.requests.every((request) => request.signatureValid)).toBe(true);
  });
});

describe('a job run is counted', () => {
  it('feeds recell_job_runs_total by job and result, and a failure reaches the caller', async () => {
    const ok = (await jobRuns.get()).values.find(
      (v) => v.labels.job === 'trim-webhook-events' && v.labels.result === 'ok',
    );
    expect(ok?.value).toBeGreaterThan(0);
    const failing: JobDefinition = {
      name: 'always-fails',
      every: { cron: '* * * * *', ms: 60_000 },
      timeLimitSeconds: 60,
      run: async () => {
        throw new Error('boom');
      },
    };
    await expect(run(failing, depsAt(new Date()))).rejects.toThrow('boom');
    const metrics = await metricsRegistry.metrics();
    expect(metrics).toContain('recell_job_runs_total{job="always-fails",result="failed"} 1');
    expect(metrics).toMatch(/recell_job_duration_seconds_count\{job="always-fails"\} 1/);
  });

  it('shows which jobs this process is running now (recell_jobs_running)', async () => {
    let finish = () => {};
    const slow: JobDefinition = {
      name: 'slow-one',
      every: { cron: '* * * * *', ms: 60_000 },
      timeLimitSeconds: 60,
      run: () => new Promise((resolve) => (finish = () => resolve({}))),
    };
    const running = run(slow, depsAt(new Date()));
    expect(await metricsRegistry.metrics()).toContain('recell_jobs_running{job="slow-one"} 1');
    finish();
    await running;
    expect(await metricsRegistry.metrics()).toContain('recell_jobs_running{job="slow-one"} 0');
  });
});
