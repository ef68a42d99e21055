/**
 * Where a page's main-thread script time goes: loads a page of the built site in Debian's Chromium
 * with an empty cache and the CPU slowed 4× (Lighthouse's mobile factor), records a CPU profile
 * until the network is idle, and prints the self time per script file (the app's chunks by name),
 * the median of N loads. Lighthouse's Total Blocking Time says how much; this says where.
 *
 *   npm run build -w @recell/web && npx tsx bench/script-time.ts [--runs 3] [--path /about] [--slowdown 4]
 *
 * It starts the site itself (production mode, embedded database, demo catalogue), like lighthouse.ts.
 * A figure, not a test: a shared machine moves the numbers; compare runs made in one sitting.
 */
import { parseArgs } from 'node:util';
import type * as PlaywrightCore from 'playwright-core';
import { startDemoSite } from './lib/servers.ts';
import { chromiumPath, formatMs, printTable, quietChromiumFlags } from './lib/util.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    path: { type: 'string', multiple: true },
    slowdown: { type: 'string', default: '4' },
  },
});
const runs = Number(values.runs);
const pagePaths = values.path ?? ['/', '/about'];
const slowdown = Number(values.slowdown);

type ProfileNode = {
  id: number;
  callFrame: { url: string; functionName: string };
  children?: number[];
};
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

/** A script's short name: the chunk's file name without its hash, or what V8 calls the rest. */
const scriptName = (url: string) => {
  if (url === '') return '(native, GC and idle)';
  const file = new URL(url, 'http://x').pathname.split('/').pop() ?? url;
  return file.replace(/-[\w-]{8}\.js$/, '.js');
};

/** Self time (ms) per script in one profile; idle and program time are left out. */
const selfTimeByScript = (profile: Profile) => {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const totals = new Map<string, number>();
  profile.samples.forEach((id, index) => {
    const node = nodes.get(id)!;
    const { functionName, url } = node.callFrame;
    if (functionName === '(idle)' || functionName === '(program)') return;
    const name = functionName === '(garbage collector)' ? '(garbage collector)' : scriptName(url);
    totals.set(name, (totals.get(name) ?? 0) + (profile.timeDeltas[index] ?? 0) / 1000);
  });
  return totals;
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const { chromium } = (await import('playwright-core')) as typeof PlaywrightCore;
const site = await startDemoSite();
const browser = await chromium.launch({ executablePath: chromiumPath, args: quietChromiumFlags });
try {
  for (const pagePath of pagePaths) {
    const samples = new Map<string, number[]>();
    for (let run = 0; run < runs; run += 1) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
      await page.goto(`${site.url}${pagePath}`, { waitUntil: 'networkidle' });
      const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
      const totals = selfTimeByScript(profile);
      totals.set(
        'all script',
        [...totals.values()].reduce((sum, ms) => sum + ms, 0),
      );
      for (const [name, ms] of totals) samples.set(name, [...(samples.get(name) ?? []), ms]);
      await context.close();
    }
    const rows = [...samples]
      .map(([name, ms]) => ({ name, ms: median([...ms, ...Array<number>(runs - ms.length).fill(0)]) }))
      .sort((a, b) => b.ms - a.ms)
      .filter((row) => row.ms >= 5)
      .map((row) => [row.name, formatMs(row.ms)]);
    console.log(`\n${pagePath}: main-thread self time, CPU ${slowdown}× slower, median of ${runs}`);
    printTable(['script', 'ms'], rows);
  }
} finally {
  await browser.close();
  await site.stop();
}
