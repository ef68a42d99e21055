import { Redis } from 'ioredis';

/**
 * The Redis the shared-limit tests use (TEST_REDIS_URL, or the machine's), at a database index of
 * their own when one is given, and whether it answers. Under CI a missing Redis is an error, never
 * a silent skip.
 */
export const testRedis = async (dbIndex?: number) => {
  const base = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const url = dbIndex === undefined ? base : `${base.replace(/\/\d*$/, '')}/${dbIndex}`;
  const probe = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 1000,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  const hasRedis = await probe.connect().then(
    () => true,
    () => false,
  );
  probe.disconnect();
  if (!hasRedis && process.env.CI) throw new Error(`Redis is not reachable at ${base} (set TEST_REDIS_URL)`);
  return { url, hasRedis };
};
