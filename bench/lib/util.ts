/** Small helpers the bench scripts share: tables, numbers, durations, PRNG, database URLs. */
import pg from 'pg';

export const defaultDatabaseUrl = 'postgres://postgres@127.0.0.1:5432/recell_bench';

/** Prints an aligned text table: first column left-aligned, the rest right-aligned. */
export const printTable = (headers: string[], rows: (string | number)[][]) => {
  const cells = [headers, ...rows.map((row) => row.map(String))];
  const widths = headers.map((_, column) => Math.max(...cells.map((row) => (row[column] ?? '').length)));
  const line = (row: string[]) =>
    row
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!)))
      .join('  ');
  console.log(line(cells[0]!));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of cells.slice(1)) console.log(line(row));
};

/**
 * Prints a Markdown table (first column left-aligned, the rest right-aligned), padded as Prettier
 * pads one, so it can be pasted into a README as it is.
 */
export const printMarkdownTable = (headers: string[], rows: (string | number)[][]) => {
  const cells = [headers, ...rows.map((row) => row.map(String))];
  const widths = headers.map((_, column) => Math.max(3, ...cells.map((row) => (row[column] ?? '').length)));
  const line = (row: string[]) =>
    `| ${row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join(' | ')} |`;
  console.log(line(cells[0]!));
  console.log(
    `| ${widths.map((width, column) => (column === 0 ? '-'.repeat(width) : `${'-'.repeat(width - 1)}:`)).join(' | ')} |`,
  );
  for (const row of cells.slice(1)) console.log(line(row));
};

/** Debian's Chromium, and the flags that keep it from reaching out while it is measured. */
export const chromiumPath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const quietChromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];

export const formatInt = (n: number) => Math.round(n).toLocaleString('en-US');
export const formatMs = (ms: number) => (ms >= 100 ? ms.toFixed(0) : ms >= 10 ? ms.toFixed(1) : ms.toFixed(2));
export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** `1000000`, `1m`, `100k`, `1_000_000` → 1000000. */
export const parseCount = (text: string): number => {
  const match = /^(\d[\d_,]*(?:\.\d+)?)\s*([km]?)$/i.exec(text.trim());
  if (!match) throw new Error(`Not a count: ${text}`);
  const base = Number(match[1]!.replace(/[_,]/g, ''));
  const unit = match[2]!.toLowerCase();
  return Math.round(base * (unit === 'k' ? 1e3 : unit === 'm' ? 1e6 : 1));
};

export const shortCount = (n: number) =>
  n >= 1e6 && n % 1e5 === 0 ? `${n / 1e6}M` : n >= 1e3 && n % 100 === 0 ? `${n / 1e3}k` : String(n);

/** Mulberry32: a tiny seeded PRNG, so a catalogue of a given seed is the same every time. */
export const createRandom = (seed: number) => {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    /** Picks by weight: items are [value, weight] pairs. */
    weighted: <T>(items: readonly (readonly [T, number])[]): T => {
      const total = items.reduce((sum, [, weight]) => sum + weight, 0);
      let r = next() * total;
      for (const [value, weight] of items) {
        r -= weight;
        if (r < 0) return value;
      }
      return items.at(-1)![0];
    },
    chance: (p: number) => next() < p,
  };
};
export type Random = ReturnType<typeof createRandom>;

/** The same server and credentials with another database name. */
export const withDatabaseName = (databaseUrl: string, name: string) => {
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

export const databaseNameOf = (databaseUrl: string) => decodeURIComponent(new URL(databaseUrl).pathname.slice(1));

/** Creates the database of `databaseUrl` when it does not exist (connects to `postgres` to do so). */
export const ensureDatabase = async (databaseUrl: string): Promise<boolean> => {
  const name = databaseNameOf(databaseUrl);
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Use a plain lower-case database name, not "${name}"`);
  const admin = new pg.Client({ connectionString: withDatabaseName(databaseUrl, 'postgres') });
  await admin.connect();
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount) return false;
    await admin.query(`create database ${name}`);
    return true;
  } finally {
    await admin.end();
  }
};

/** Drops the database of `databaseUrl` (only a recell_bench* one: the bench never drops anything else). */
export const dropBenchDatabase = async (databaseUrl: string) => {
  const name = databaseNameOf(databaseUrl);
  if (!/^recell_bench[a-z0-9_]*$/.test(name))
    throw new Error(`Refusing to drop "${name}": not a recell_bench* database`);
  const admin = new pg.Client({ connectionString: withDatabaseName(databaseUrl, 'postgres') });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
  } finally {
    await admin.end();
  }
};

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
