/**
 * Lighthouse on the built site, as a phone on a slow network sees it: the mobile preset with
 * simulated throttling (and the desktop preset with --desktop), in Debian's Chromium. Prints the
 * median of N runs per page (default 5) against the goals in bench/README.md:
 * performance ≥ 95, FCP ≤ 1.0 s, LCP ≤ 1.8 s, TBT ≤ 150 ms, CLS ≤ 0.02, accessibility and best
 * practices 100. A figure, not a test: a shared machine moves the numbers.
 *
 *   npm run build && npx tsx bench/lighthouse.ts [--runs 5] [--desktop] [--url http://…]
 *
 * Without --url it starts the site itself (production mode, embedded database, demo catalogue).
 * Pages: home, About, a brand's page, a phone's details, a search, a seller's page, My Orders, My
 * Products and the payment page of a phone the demo buyer books at start (`--page product` picks by
 * the name's first word). A signed-in page's run signs the demo buyer (or, for My Products, the
 * demo seller) in first and sends its cookies with the page's requests, as a returning visitor's
 * browser would.
 */
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Flags } from 'lighthouse';
import { categoryIds } from '@recell/contract';
import { demoAccounts, demoPassword } from '../apps/api/src/db/seed/demo-catalogue.ts';
import { startDemoSite } from './lib/servers.ts';
import { chromiumPath, printTable, quietChromiumFlags } from './lib/util.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    desktop: { type: 'boolean', default: false },
    url: { type: 'string' },
    page: { type: 'string', multiple: true },
    details: { type: 'boolean', default: false },
  },
});
const runs = Number(values.runs);

const site = values.url ? null : await startDemoSite();
const origin = values.url ?? site!.url;

/** Signs a demo account in: the cookies its browser would hold and its access token. */
async function signIn(role: 'user' | 'seller'): Promise<{ cookie: string; accessToken: string }> {
  const account = demoAccounts.find((each) => each.role === role);
  if (!account) throw new Error(`the demo catalogue has no ${role}`);
  const response = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email: account.email, password: demoPassword }),
  });
  if (!response.ok) throw new Error(`login answered ${response.status}`);
  const cookie = response.headers
    .getSetCookie()
    .map((each) => each.split(';')[0])
    .join('; ');
  const { accessToken } = (await response.json()) as { accessToken: string };
  return { cookie, accessToken };
}

/** A phone for sale (its page), its seller (their page), and a phone the demo buyer booked (its payment page). */
async function demoAddresses() {
  const answer = await fetch(`${origin}/api/categories/${categoryIds[0]}/products`);
  const { items } = (await answer.json()) as { items: { id: string; seller: { id: string } }[] };
  const [shown, booked] = [items[0], items.at(-1)];
  if (!shown || !booked || shown === booked) throw new Error('the demo catalogue has too few phones');
  const { accessToken } = await signIn('user');
  const booking = await fetch(`${origin}/api/orders`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin,
      authorization: `Bearer ${accessToken}`,
      'idempotency-key': `lighthouse-${booked.id}`,
    },
    body: JSON.stringify({ productId: booked.id, phone: '3125550126', location: 'Union Station, Chicago' }),
  });
  if (!booking.ok) throw new Error(`booking answered ${booking.status}: ${await booking.text()}`);
  const order = (await booking.json()) as { id: string };
  return { productId: shown.id, sellerId: shown.seller.id, orderId: order.id };
}

const demo = await demoAddresses();

type Page = { name: string; path: string; signedIn?: 'user' | 'seller' };
const allPages: Page[] = [
  { name: 'home', path: '/' },
  { name: 'about', path: '/about' },
  { name: 'category (signed in)', path: `/categories/${categoryIds[0]}`, signedIn: 'user' },
  { name: 'product details (signed in)', path: `/products/${demo.productId}`, signedIn: 'user' },
  { name: 'search ?q=iphone (signed in)', path: '/search?q=iphone', signedIn: 'user' },
  { name: 'seller page', path: `/sellers/${demo.sellerId}` },
  { name: 'my-orders (signed in)', path: '/dashboard/my-orders', signedIn: 'user' },
  { name: 'my-products (seller)', path: '/dashboard/my-products', signedIn: 'seller' },
  { name: 'payment (signed in)', path: `/dashboard/orders/payment/${demo.orderId}`, signedIn: 'user' },
]; /** `--page about --page home`: only those (by the first word of their name). */
const pages = values.page ? allPages.filter((page) => values.page!.includes(page.name.split(' ')[0]!)) : allPages;

const metrics = {
  performance: (lhr: LighthouseResult) => Math.round((lhr.categories.performance?.score ?? 0) * 100),
  accessibility: (lhr: LighthouseResult) => Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
  'best practices': (lhr: LighthouseResult) => Math.round((lhr.categories['best-practices']?.score ?? 0) * 100),
  'FCP s': (lhr: LighthouseResult) => (lhr.audits['first-contentful-paint']?.numericValue ?? NaN) / 1000,
  'LCP s': (lhr: LighthouseResult) => (lhr.audits['largest-contentful-paint']?.numericValue ?? NaN) / 1000,
  'TBT ms': (lhr: LighthouseResult) => Math.round(lhr.audits['total-blocking-time']?.numericValue ?? NaN),
  CLS: (lhr: LighthouseResult) => lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
};
type LighthouseResult = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

/** The median of the runs that measured something (a run whose trace failed gives NaN). */
const median = (numbers: number[]) => {
  const sorted = numbers.filter((n) => !Number.isNaN(n)).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const chrome = await chromeLauncher.launch({
  chromePath: chromiumPath,
  chromeFlags: ['--headless=new', ...quietChromiumFlags],
});

const benchmarkIndexes: number[] = [];

/** `--details`: where the median run's time went (script boot-up per file, the LCP's phases). */
function printDetails(name: string, results: LighthouseResult[]) {
  const byTbt = [...results].sort((a, b) => metrics['TBT ms'](a) - metrics['TBT ms'](b));
  const lhr = byTbt[Math.floor(byTbt.length / 2)]!;
  type Items = { items?: Record<string, unknown>[] };
  const items = (id: string) => (lhr.audits[id]?.details as Items | undefined)?.items ?? [];
  console.log(`\n${name}: each run's LCP and its element`);
  for (const run of results) {
    // The LCP insight lists its phases' table, then the element itself (a 'node' item).
    const node = ((run.audits['lcp-breakdown-insight']?.details as Items | undefined)?.items ?? []).find(
      (item) => item.type === 'node',
    ) as { selector?: string; snippet?: string } | undefined;
    console.log(
      `  LCP ${metrics['LCP s'](run).toFixed(2)} s: ${node?.selector ?? '?'} ${String(node?.snippet ?? '').slice(0, 120)}`,
    );
  }
  console.log(`${name}: the median run by TBT`);
  for (const item of items('bootup-time'))
    console.log(
      `  boot-up ${String(item.url).slice(-60)}: ${Math.round(Number(item.total))} ms (script ${Math.round(Number(item.scripting))} ms)`,
    );
  for (const item of items('render-blocking-insight').concat(items('render-blocking-resources')))
    console.log(
      `  render-blocking ${String(item.url).slice(-60)}: ${Math.round(Number(item.wastedMs ?? item.totalBytes ?? 0))}`,
    );
  // What the simulated first paint waits for: requests of render-blocking priority before the paint.
  const fcpMs = lhr.audits['first-contentful-paint']?.numericValue ?? 0;
  for (const item of items('network-requests'))
    if (['VeryHigh', 'High'].includes(String(item.priority)))
      console.log(
        `  request ${String(item.priority)} ${String(item.url).slice(-60)}: ${Math.round(Number(item.transferSize ?? 0) / 1024)} kB (FCP ${Math.round(fcpMs)} ms)`,
      );
  for (const item of items('long-tasks'))
    console.log(
      `  long task ${String(item.url).slice(-60)} at ${Math.round(Number(item.startTime))} ms: ${Math.round(Number(item.duration))} ms`,
    );
  const phases = (lhr.audits['lcp-breakdown-insight'] ?? lhr.audits['largest-contentful-paint-element'])?.details as
    { items?: { items?: Record<string, unknown>[] }[] } | undefined;
  for (const group of phases?.items ?? [])
    for (const phase of group.items ?? [])
      if ('phase' in phase || 'subpart' in phase || 'label' in phase)
        console.log(
          `  LCP ${String(phase.label ?? phase.phase ?? phase.subpart)}: ${Math.round(Number(phase.duration ?? phase.timing ?? 0))} ms`,
        );
}

try {
  console.log(`Lighthouse ${values.desktop ? 'desktop' : 'mobile'} preset, median of ${runs} runs, ${origin}\n`);
  const rows: string[][] = [];
  const findings = new Set<string>();
  for (const page of pages) {
    const results: LighthouseResult[] = [];
    for (let run = 0; run < runs; run++) {
      const flags: Flags = {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
        // Cookies too: a run must not inherit the session an earlier page's run left in the
        // browser (a buyer's refresh cookie would sign the seller's page in as the buyer).
        clearStorageTypes: ['file_systems', 'shader_cache', 'service_workers', 'cache_storage', 'cookies'],
        ...(page.signedIn ? { extraHeaders: { Cookie: (await signIn(page.signedIn)).cookie } } : {}),
      };
      const result = await lighthouse(origin + page.path, flags, values.desktop ? desktopConfig : undefined);
      if (!result) throw new Error(`Lighthouse returned nothing for ${page.path}`);
      results.push(result.lhr);
      benchmarkIndexes.push(result.lhr.environment.benchmarkIndex);
      // A run whose trace Lighthouse could not read gives no timings (NaN below): say why.
      const failure =
        result.lhr.runtimeError?.message ?? result.lhr.audits['largest-contentful-paint']?.errorMessage ?? null;
      if (failure) console.log(`run ${run + 1} of ${page.path} measured nothing: ${failure}`);
      for (const [id, audit] of Object.entries(result.lhr.audits)) {
        const inScored = ['accessibility', 'best-practices'].some((category) =>
          result.lhr.categories[category]?.auditRefs.some((ref) => ref.id === id && ref.weight > 0),
        );
        if (inScored && audit.score !== null && audit.score < 1) findings.add(`${page.name}: ${id} — ${audit.title}`);
      }
    }
    if (values.details) printDetails(page.name, results);
    const row = [
      page.name,
      ...Object.values(metrics).map((metric) => {
        const value = median(results.map(metric));
        return Number.isInteger(value) ? String(value) : value.toFixed(value < 1 ? 3 : 2);
      }),
    ];
    rows.push(row);
    console.log(`done: ${row.join(' | ')}`); // a long run's figures so far, should it stop early
  }
  printTable(['page', ...Object.keys(metrics)], rows);
  // Lighthouse slows the CPU 4× whatever the machine: on a slow machine TBT reads high.
  console.log(`\nThis machine's Lighthouse benchmark index: ${median(benchmarkIndexes)} (a 2024 laptop: ~2000).`);
  console.log(
    '\nGoals (mobile): performance ≥ 95, FCP ≤ 1.0 s, LCP ≤ 1.8 s, TBT ≤ 150 ms, CLS ≤ 0.02; a11y and BP 100.',
  );
  if (findings.size) {
    console.log('\nAccessibility and best-practice audits that did not pass in some run:');
    for (const finding of findings) console.log(`  ${finding}`);
  }
} finally {
  chrome.kill();
  await site?.stop();
}
