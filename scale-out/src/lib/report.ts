/**
 * The suite's bookkeeping: named checks that pass or fail (with the figures that decided them),
 * figures printed as they are measured, and the closing `N passed, N failed` line.
 */
interface Outcome {
  scenario: string;
  check: string;
  passed: boolean;
  detail: string;
}

const outcomes: Outcome[] = [];
let current = 'setup';
const started = performance.now();

export const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;

export const beginScenario = (title: string) => {
  current = title;
  console.log(`\n=== ${title} (at ${elapsed()}) ===`);
};

/** A measured figure, printed for the record (never asserted on time). */
export const figure = (label: string, value: string | number) => console.log(`  · ${label}: ${value}`);

/** Records one check; `detail` says what was seen, so a failure explains itself. */
export const check = (label: string, passed: boolean, detail = '') => {
  outcomes.push({ scenario: current, check: label, passed, detail });
  console.log(`  ${passed ? 'PASS' : 'FAIL'} ${label}${detail ? ` — ${detail}` : ''}`);
  return passed;
};

/** A scenario that stopped with an error counts as one failed check. */
export const scenarioError = (error: unknown) => {
  const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
  check('scenario ran to the end', false, message);
};

export const failureCount = () => outcomes.filter((outcome) => !outcome.passed).length;

export const summary = () => {
  const failed = outcomes.filter((outcome) => !outcome.passed);
  if (failed.length > 0) {
    console.log('\nFailed checks:');
    for (const outcome of failed)
      console.log(`  - [${outcome.scenario}] ${outcome.check}: ${outcome.detail.split('\n')[0]}`);
  }
  console.log(`\ntotal ${elapsed()}`);
  console.log(`${outcomes.length - failed.length} passed, ${failed.length} failed`);
  return failed.length;
};

/** Percentiles of a list of milliseconds, for printing. */
export const latencies = (values: number[]) => {
  if (values.length === 0) return 'no samples';
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
  return `p50 ${at(50).toFixed(0)} ms, p95 ${at(95).toFixed(0)} ms, max ${sorted.at(-1)!.toFixed(0)} ms (${values.length} requests)`;
};

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Polls `probe` every `everyMs` until it returns true or `timeoutMs` passes; says whether it did. */
export const waitUntil = async (probe: () => Promise<boolean>, timeoutMs: number, everyMs = 200) => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await probe().catch(() => false)) return true;
    await sleep(everyMs);
  }
  return false;
};

/** Runs `work` over `items` with at most `limit` at a time. */
export const inParallel = async <T, R>(items: T[], limit: number, work: (item: T, index: number) => Promise<R>) => {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
};
