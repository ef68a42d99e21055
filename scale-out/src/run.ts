/**
 * The scale-out suite: three API replicas on one PostgreSQL database, Redis and an S3-compatible
 * store, behind HAProxy, put through cold start, a payment race, kill -9, a rolling restart,
 * sessions across replicas, database faults, stores that fall silent, kill -9 mid-POST and mid-job,
 * a database outage through the balancer, sellers' payouts through kill -9, and carrier events
 * sent twice, to several replicas, out of order. Prints its figures and `N passed, N failed` last;
 * exits non-zero on any failure. Everything it starts is stopped, and its database dropped, at the
 * end, whatever happens.
 *
 *   npm run test:scale-out
 *   SCALE_OUT_SCENARIOS=3,12 npm run test:scale-out     (only those, after cold start and the data)
 */
import { killEverything } from './lib/processes.ts';
import { beginScenario, check, elapsed, failureCount, scenarioError, summary } from './lib/report.ts';
import { coldStart } from './scenarios/cold-start.ts';
import { databaseFaults } from './scenarios/database-faults.ts';
import { jobKill } from './scenarios/job-kill.ts';
import { killDuringPurchases } from './scenarios/kill-during-purchases.ts';
import { makeMarketplaceData, type MarketplaceData } from './scenarios/marketplace-data.ts';
import { onePhoneRace } from './scenarios/one-phone-race.ts';
import { payoutsThroughKills } from './scenarios/payouts-kill.ts';
import { outageThroughBalancer } from './scenarios/outage-through-balancer.ts';
import { retriedPosts } from './scenarios/retried-posts.ts';
import { rollingRestart } from './scenarios/rolling-restart.ts';
import { sessions } from './scenarios/sessions.ts';
import { silentPostgres, silentRedis } from './scenarios/silent-stores.ts';
import { trackerEvents } from './scenarios/tracker-events.ts';
import { abandonTopology, startTopology, type Topology } from './topology/topology.ts';

/** The suite's hard limit; it is meant to take about ten minutes. */
const suiteLimitMs = 20 * 60_000;
const buyers = 100;
const phones = 100;
const purchases = 200;

const watchdog = setTimeout(() => {
  console.error(`\nThe scale-out suite ran over ${suiteLimitMs / 60_000} minutes: stopping everything.`);
  killEverything();
  process.exit(2);
}, suiteLimitMs);
watchdog.unref();

let topology: Topology | undefined;
let tearingDown: Promise<void> | undefined;
/** Stops everything once; a second caller (a signal during the normal end) waits for the first. */
const teardown = (keepLogs: boolean) =>
  (tearingDown ??= topology ? topology.teardown({ keepLogs }) : abandonTopology());
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    console.error(`\n${signal}: stopping everything`);
    void teardown(true).finally(() => process.exit(130));
  });
}

/**
 * The numbered scenarios to run (`SCALE_OUT_SCENARIOS=3,12`), all when unset; the topology, the
 * cold start and the marketplace data always come first (every scenario stands on them).
 */
const selected = process.env.SCALE_OUT_SCENARIOS?.split(',').map((part) => Number(part.trim()));

/** Runs one scenario; an error fails it and the suite goes on with the topology restored. */
const scenario = async (run: () => Promise<void>, number?: number) => {
  if (number !== undefined && selected && !selected.includes(number)) return;
  try {
    await run();
  } catch (error) {
    scenarioError(error);
  }
};

const main = async () => {
  beginScenario('Topology');
  topology = await startTopology({
    postgresServer: process.env.SCALE_OUT_POSTGRES ?? 'postgres://postgres@127.0.0.1:5432',
    redisHost: process.env.SCALE_OUT_REDIS ?? '127.0.0.1:6379',
    redisDb: Number(process.env.SCALE_OUT_REDIS_DB ?? 12),
    replicaCount: 3,
  });
  const t = topology;
  await scenario(() => coldStart(t));
  let data: MarketplaceData | undefined;
  await scenario(async () => {
    await t.ensureAllServing();
    data = await makeMarketplaceData(t, { buyers, phones });
  });
  if (!data) {
    check('the marketplace data the other scenarios need was made', false, 'see the errors above');
    return;
  }
  const made = data;
  await scenario(async () => {
    await t.ensureAllServing();
    await onePhoneRace(t, made.buyers, made.racePhone);
  }, 2);
  await scenario(async () => {
    await t.ensureAllServing();
    await killDuringPurchases(t, made.buyers, made.phones, purchases);
  }, 3);
  await scenario(async () => {
    await t.ensureAllServing();
    await rollingRestart(t, made.phones);
  }, 4);
  await scenario(async () => {
    await t.ensureAllServing();
    await sessions(t);
  }, 5);
  await scenario(async () => {
    await t.ensureAllServing();
    await databaseFaults(t, made.buyers[0]!, made.phones);
  }, 6);
  await scenario(async () => {
    await t.ensureAllServing();
    await silentPostgres(t, made.buyers[0]!, made.phones);
  }, 7);
  await scenario(async () => {
    await t.ensureAllServing();
    await silentRedis(t, made.buyers[7]!);
  }, 8);
  await scenario(async () => {
    await t.ensureAllServing();
    await retriedPosts(t, made.seller, made.pictureId, made.buyers.slice(20, 80));
  }, 9);
  await scenario(async () => {
    await t.ensureAllServing();
    await outageThroughBalancer(t, made.buyers[0]!, made.phones);
  }, 10);
  await scenario(async () => {
    await t.ensureAllServing();
    await jobKill(t);
  }, 11);
  await scenario(async () => {
    await t.ensureAllServing();
    await payoutsThroughKills(t, made.buyers);
  }, 12);
  await scenario(async () => {
    await t.ensureAllServing();
    await trackerEvents(t);
  }, 13);
};

try {
  await main();
} catch (error) {
  scenarioError(error);
} finally {
  beginScenario('Teardown');
  await teardown(failureCount() > 0).catch((error: unknown) => console.error('teardown failed:', error));
  console.log(`  torn down at ${elapsed()}`);
  const failed = summary();
  clearTimeout(watchdog);
  process.exit(failed > 0 ? 1 : 0);
}
