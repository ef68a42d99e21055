/**
 * Page weight of the home page: the JavaScript a first visit loads before it can run the page.
 *
 *   npx tsx bench/page-weight.ts                               # from the build (apps/web/dist)
 *   npx tsx bench/page-weight.ts --url http://127.0.0.1:4311   # also what chromium downloads
 *
 * From the build: every JS file index.html loads eagerly (module scripts, modulepreloads and, with a
 * Vite manifest, the static-import closure of the entry), with gzip (level 9) and brotli sizes, the
 * CSS it loads, and its goal (first-load JS ≤ 100 kB gzipped, bench/README.md).
 * With --url: opens the page in Debian's chromium (CHROME_PATH, default /usr/bin/chromium) with an
 * empty cache and sums the JS it actually transfers until the network is idle; bodies the server
 * sent uncompressed are also gzipped here, so the figure compares with the goal.
 * Prints figures only; it asserts nothing (exit code 1 only when it cannot measure).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type * as PlaywrightCore from 'playwright-core';
import { chromiumPath, quietChromiumFlags } from './lib/util.ts';

const goalGzipBytes = 100_000;
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

const { values: args } = parseArgs({
  options: {
    url: { type: 'string' },
    dist: { type: 'string', default: path.join(repoRoot, 'apps/web/dist') },
  },
});
const distDir = path.resolve(args.dist!);

const gzipBytes = (data: Buffer) => gzipSync(data, { level: 9 }).length;
const brotliBytes = (data: Buffer) =>
  brotliCompressSync(data, {
    params: {
      [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
      [zlibConstants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  }).length;
const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const verdict = (gzip: number) =>
  `${kB(gzip)} gzip of a ${kB(goalGzipBytes)} goal: ${gzip <= goalGzipBytes ? 'PASS' : `OVER by ${kB(gzip - goalGzipBytes)}`}`;

const table = (headers: string[], rows: (string | number)[][]) => {
  const cells = [headers, ...rows.map((row) => row.map(String))];
  const widths = headers.map((_, column) => Math.max(...cells.map((row) => row[column]!.length)));
  const line = (row: string[]) =>
    row
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
      .join('  ');
  console.log(line(cells[0]!));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of cells.slice(1)) console.log(line(row));
};

// ---- From the build ------------------------------------------------------------------------------

interface Tag {
  name: string;
  attributes: Map<string, string>;
}

/** The <script> and <link> tags of an HTML document with their attributes (lower-cased names). */
const tagsOf = (html: string): Tag[] =>
  [...html.replace(/<!--[\s\S]*?-->/g, '').matchAll(/<(script|link)\b([^>]*)>/gi)].map(([, name, rest]) => ({
    name: name!.toLowerCase(),
    attributes: new Map(
      [...rest!.matchAll(/([^\s=/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)].map(([, key, a, b, c]) => [
        key!.toLowerCase(),
        a ?? b ?? c ?? '',
      ]),
    ),
  }));

/** A URL of the HTML as a file of the build, or null for another origin or a data: URL. */
const distFileOf = (url: string): string | null => {
  if (/^(?:[a-z]+:)?\/\//i.test(url) || url.startsWith('data:')) return null;
  const pathname = url.split(/[?#]/)[0]!.replace(/^\.?\//, '');
  return pathname;
};

interface ViteManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

const measureBuild = () => {
  const indexPath = path.join(distDir, 'index.html');
  if (!existsSync(indexPath)) {
    console.error(`No web build at ${indexPath}: run \`npm run build -w @recell/web\` first.`);
    process.exit(1);
  }
  const html = readFileSync(indexPath, 'utf8');
  const js = new Set<string>();
  const css = new Set<string>();
  let inlineScriptBytes = 0;

  for (const tag of tagsOf(html)) {
    const rel = (tag.attributes.get('rel') ?? '').toLowerCase().split(/\s+/);
    if (tag.name === 'script') {
      const src = tag.attributes.get('src');
      // Classic scripts without async/defer block; module scripts are deferred but still first-load.
      if (src && !tag.attributes.has('nomodule')) {
        const file = distFileOf(src);
        if (file) js.add(file);
      }
    } else if (rel.includes('modulepreload') || (rel.includes('preload') && tag.attributes.get('as') === 'script')) {
      const file = distFileOf(tag.attributes.get('href') ?? '');
      if (file) js.add(file);
    } else if (rel.includes('stylesheet')) {
      const file = distFileOf(tag.attributes.get('href') ?? '');
      if (file) css.add(file);
    }
  }
  for (const [, body] of html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    inlineScriptBytes += Buffer.byteLength(body ?? '');
  }

  const manifestPath = path.join(distDir, '.vite/manifest.json');
  const hasManifest = existsSync(manifestPath);
  if (hasManifest) {
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ViteManifestChunk>;
    const seen = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || seen.has(key)) return;
      seen.add(key);
      if (/\.m?js$/.test(chunk.file)) js.add(chunk.file);
      for (const file of chunk.css ?? []) css.add(file);
      for (const imported of chunk.imports ?? []) visit(imported); // static imports only
    };
    for (const [key, chunk] of Object.entries(manifest)) {
      if (chunk.isEntry && (chunk.src ?? key).endsWith('index.html')) visit(key);
    }
  }

  const measure = (files: Set<string>) =>
    [...files].sort().map((file) => {
      const absolute = path.join(distDir, file);
      if (!existsSync(absolute)) throw new Error(`index.html refers to ${file}, which is not in ${distDir}`);
      const data = readFileSync(absolute);
      return { file, raw: data.length, gzip: gzipBytes(data), brotli: brotliBytes(data) };
    });
  const jsFiles = measure(js);
  const cssFiles = measure(css);
  const sum = (rows: { raw: number; gzip: number; brotli: number }[]) => ({
    raw: rows.reduce((total, row) => total + row.raw, 0),
    gzip: rows.reduce((total, row) => total + row.gzip, 0),
    brotli: rows.reduce((total, row) => total + row.brotli, 0),
  });
  const jsTotal = sum(jsFiles);
  const cssTotal = sum(cssFiles);
  const htmlBytes = Buffer.from(html);

  console.log(
    `Home page first load, from the build (${distDir.startsWith(repoRoot) ? path.relative(repoRoot, distDir) : distDir})`,
  );
  console.log(`Eager JS found from index.html${hasManifest ? ' and the Vite manifest' : ' (no Vite manifest)'}:\n`);
  table(
    ['file', 'raw', 'gzip -9', 'brotli'],
    [
      ...jsFiles.map((row) => [row.file, row.raw, row.gzip, row.brotli]),
      ['JS total', jsTotal.raw, jsTotal.gzip, jsTotal.brotli],
      [
        'CSS total' + (cssFiles.length ? ` (${cssFiles.length} file${cssFiles.length > 1 ? 's' : ''})` : ''),
        cssTotal.raw,
        cssTotal.gzip,
        cssTotal.brotli,
      ],
      ['index.html', htmlBytes.length, gzipBytes(htmlBytes), brotliBytes(htmlBytes)],
    ],
  );
  if (inlineScriptBytes)
    console.log(`\n(index.html also has ${inlineScriptBytes} bytes of inline script, counted in its size.)`);
  console.log(`\nFirst-load JS: ${verdict(jsTotal.gzip)} (brotli ${kB(jsTotal.brotli)}, raw ${kB(jsTotal.raw)})`);
  return jsTotal;
};

// ---- In the browser ------------------------------------------------------------------------------

interface Download {
  url: string;
  /** Requested before the page's load event (else later, e.g. lazily, until the network is idle). */
  beforeLoad: boolean;
  type: string;
  encoding: string;
  transferred: number;
  decoded: number;
  gzip: number;
}

const measureInBrowser = async (url: string) => {
  let playwright: typeof PlaywrightCore;
  try {
    playwright = await import('playwright-core');
  } catch {
    console.error(
      'playwright-core does not resolve from bench/: install it with `npm i -D -w @recell/bench playwright-core`.',
    );
    process.exit(1);
  }
  const browser = await playwright.chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [...quietChromiumFlags, '--disable-quic'],
  });
  try {
    // A phone-sized first visit with an empty cache, as Lighthouse's mobile run makes it.
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    const pending: Promise<Download | null>[] = [];
    const requestedBeforeLoad = new WeakSet<object>();
    let loaded = false;
    page.on('request', (request) => {
      if (!loaded) requestedBeforeLoad.add(request);
    });
    page.once('load', () => {
      loaded = true;
    });
    page.on('response', (response) => {
      pending.push(
        (async () => {
          if (response.status() >= 300 && response.status() < 400) return null;
          const request = response.request();
          const headers = await response.allHeaders();
          const contentType = headers['content-type'] ?? '';
          const type = /javascript|ecmascript/.test(contentType) ? 'script' : request.resourceType();
          const body = await response.body().catch(() => Buffer.alloc(0));
          const sizes = await request.sizes().catch(() => null);
          const encoding = headers['content-encoding'] ?? 'identity';
          return {
            url: response.url(),
            beforeLoad: requestedBeforeLoad.has(request),
            type,
            encoding,
            transferred: sizes?.responseBodySize ?? body.length,
            decoded: body.length,
            gzip: type === 'script' || type === 'stylesheet' || type === 'document' ? gzipBytes(body) : body.length,
          };
        })(),
      );
    });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    const downloads = (await Promise.all(pending)).filter((download): download is Download => download !== null);

    const origin = new URL(url).origin;
    const shortName = (resource: string) => (resource.startsWith(origin) ? resource.slice(origin.length) : resource);
    const scripts = downloads.filter((download) => download.type === 'script');
    const total = (rows: Download[], key: 'transferred' | 'decoded' | 'gzip') =>
      rows.reduce((sum, row) => sum + row[key], 0);
    // What a compressed response cost on the wire; an uncompressed one as it would cost gzipped.
    const wireOrGzip = (row: Download) => (row.encoding === 'identity' ? row.gzip : row.transferred);

    console.log(`\nHome page first load, in chromium: ${url} (empty cache, until the network is idle)\n`);
    const beforeLoad = scripts.filter((row) => row.beforeLoad);
    table(
      ['script', 'requested', 'encoding', 'transferred', 'decoded', 'gzip -9 (here)'],
      [
        ...scripts.map((row) => [
          shortName(row.url),
          row.beforeLoad ? 'before load' : 'after load',
          row.encoding,
          row.transferred,
          row.decoded,
          row.gzip,
        ]),
        [
          'JS before the load event',
          '',
          '',
          total(beforeLoad, 'transferred'),
          total(beforeLoad, 'decoded'),
          total(beforeLoad, 'gzip'),
        ],
        ['JS total', '', '', total(scripts, 'transferred'), total(scripts, 'decoded'), total(scripts, 'gzip')],
      ],
    );
    const byType = new Map<string, Download[]>();
    for (const download of downloads) byType.set(download.type, [...(byType.get(download.type) ?? []), download]);
    console.log('\nEverything the page downloaded, by type:\n');
    table(
      ['type', 'requests', 'transferred', 'decoded'],
      [...byType].map(([type, rows]) => [type, rows.length, total(rows, 'transferred'), total(rows, 'decoded')]),
    );
    const uncompressed = scripts.filter((row) => row.encoding === 'identity').length;
    console.log(
      `\nAll JS downloaded: ${kB(total(scripts, 'transferred'))} on the wire in ${scripts.length} script(s)` +
        (uncompressed
          ? `; ${uncompressed} sent uncompressed, which gzipped here makes ${kB(scripts.reduce((sum, row) => sum + wireOrGzip(row), 0))}`
          : ''),
    );
    console.log(`JS requested before the load event, gzipped here at level 9: ${verdict(total(beforeLoad, 'gzip'))}`);
    console.log(
      `All JS of the first visit (until the network is idle), gzipped here: ${verdict(total(scripts, 'gzip'))}`,
    );
    await context.close();
  } finally {
    await browser.close();
  }
};

measureBuild();
if (args.url) await measureInBrowser(args.url);
