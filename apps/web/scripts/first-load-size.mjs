// Prints the JS the home page loads on first load: index.html's module scripts and modulepreloads,
// plus everything they import statically (dynamic imports are left out), each with its gzip size.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = resolve(dirname(fileURLToPath(import.meta.url)), '../dist');
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const queue = [
  ...html.matchAll(/<(?:script[^>]*type="module"[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="([^"]+)"/g),
].map((m) => m[1]);
const seen = new Set();
let total = 0;
while (queue.length > 0) {
  const url = queue.shift();
  if (seen.has(url)) continue;
  seen.add(url);
  const code = readFileSync(join(dist, url), 'utf8');
  const size = gzipSync(code).length;
  total += size;
  console.log(`${(size / 1000).toFixed(2).padStart(7)} kB  ${url}`);
  for (const m of code.matchAll(/(?:^|[;\n}])\s*import\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+)["']/g)) {
    queue.push(new URL(m[1], `http://x${url}`).pathname);
  }
}
console.log(`${(total / 1000).toFixed(2).padStart(7)} kB  total (gzip)`);
