/**
 * 11. A replica killed in the middle of a job, and mail under kills: the outbox gets a batch of
 * emails and the mail server is slow, so the deliver-emails job runs for a while; the replica
 * running it (its /metrics says so) is killed with -9. The job must run again elsewhere within two
 * minutes (the dead worker's missed heartbeats, not a 15-minute expiry), every email must arrive,
 * and the duplicates (a Message-ID received twice) are counted: at most the one email that was in
 * flight when the sender died.
 */
import { beginScenario, check, figure, sleep, waitUntil } from '../lib/report.ts';
import type { Topology } from '../topology/topology.ts';
import { runsJob, type Replica } from '../topology/replicas.ts';

const emails = 40;
const acceptMs = 400;
const runsAgainWithinMs = 120_000;

const runsDeliverEmails = (replica: Replica) => runsJob(replica, 'deliver-emails');

export const jobKill = async (t: Topology) => {
  beginScenario(`11. kill -9 mid-job: deliver-emails with ${emails} emails and a slow mail server`);
  const smtp = t.mail.smtp;
  smtp.acceptAfter(acceptMs);
  const batch = `scale-out-batch-${Date.now()}`;
  const rows = await t.postgres.query<{ id: string }>(
    `insert into outbox_emails (recipient, subject, text_body, kind)
     select 'reader' || n || '@scale-out.test', $1, 'Mail under kills', 'scale_out'
     from generate_series(1, $2::int) as n returning id`,
    [batch, emails],
  );
  const ids = new Set(rows.map((row) => `<${row.id}@recell>`));
  const receivedOfBatch = () => smtp.received.filter((mail) => mail.messageId && ids.has(mail.messageId));

  // The job runs every minute on whichever replica is free; find the one running it.
  let runner: Replica | undefined;
  const found = await waitUntil(
    async () => {
      for (const replica of t.replicas) {
        if (receivedOfBatch().length > 0 && (await runsDeliverEmails(replica))) {
          runner = replica;
          return true;
        }
      }
      return false;
    },
    90_000,
    250,
  );
  if (!found || !runner) {
    smtp.acceptAfter(0);
    check('a replica was found running deliver-emails', false, 'none within 90 s');
    return;
  }
  const sentBefore = receivedOfBatch().length;
  await runner.kill();
  const killedAt = new Date();
  const killedMs = performance.now();
  figure('killed', `${runner.name} (kill -9) after ${sentBefore} of ${emails} emails`);

  // pg-boss's record of the job: started again after the kill (a retry of the same job, or the next run).
  const ranAgain = await waitUntil(
    async () => {
      const [row] = await t.postgres.query<{ n: number }>(
        `select count(*)::int as n from pgboss.job where name = 'deliver-emails' and started_on > $1`,
        [killedAt],
      );
      return (row?.n ?? 0) > 0;
    },
    runsAgainWithinMs + 30_000,
    500,
  );
  const runsAgainMs = performance.now() - killedMs;
  figure('deliver-emails ran again after', ranAgain ? `${(runsAgainMs / 1000).toFixed(1)} s` : 'never (150 s)');
  check(
    `the job runs again within ${runsAgainWithinMs / 60_000} minutes`,
    ranAgain && runsAgainMs <= runsAgainWithinMs,
    `${(runsAgainMs / 1000).toFixed(1)} s`,
  );
  await runner.start();

  // Every email arrives; the one the dead sender had leased waits out its lease (2 minutes).
  smtp.acceptAfter(0);
  const allSent = await waitUntil(
    async () => {
      const [row] = await t.postgres.query<{ n: number }>(
        `select count(*)::int as n from outbox_emails where subject = $1 and sent_at is null`,
        [batch],
      );
      return row?.n === 0;
    },
    180_000,
    1000,
  );
  const received = receivedOfBatch();
  const distinct = new Set(received.map((mail) => mail.messageId));
  const duplicates = received.length - distinct.size;
  figure('emails received', `${received.length} (${distinct.size} distinct of ${emails}); duplicates: ${duplicates}`);
  check('every email of the batch was sent', allSent && distinct.size === emails, `${distinct.size} of ${emails}`);
  check('at most the one email in flight was sent twice', duplicates <= 1, `${duplicates} duplicates`);
  await runner.waitReady(90_000);
  await sleep(500);
};
