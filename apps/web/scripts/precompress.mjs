// Writes .br and .gz twins of the built text assets so the API serves them pre-compressed
// (@fastify/static preCompressed) instead of compressing on every request.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = fileURLToPath(new URL('../dist', import.meta.url));
const compressible = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;

// dist/.server is the server's own code (it renders pages), never sent to a browser.
const files = (await readdir(dist, { recursive: true })).filter(
  (file) => compressible.test(file) && !file.startsWith('.server'),
);
let saved = 0;
for (const file of files) {
  const full = path.join(dist, file);
  const body = await readFile(full);
  if (body.length < 1024) continue;
  const br = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
  const gz = gzipSync(body, { level: 9 });
  await writeFile(`${full}.br`, br);
  await writeFile(`${full}.gz`, gz);
  saved += body.length - br.length;
}
console.log(`precompressed ${files.length} files (brotli saves ${Math.round(saved / 1024)} kB)`);
