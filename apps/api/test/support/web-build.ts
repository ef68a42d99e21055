/**
 * A web build in miniature for the tests of the pages the API serves and renders: the site's frame,
 * the 404 page, any other page a test names, a server build (`.server/render.js`) whose
 * `renderSignedInPage` the test writes (it asks the API with the `fetch` it is given, as the real
 * one does), and the manifest (`pages.json`) the web plugin reads.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** The site's frame: what a page that is not rendered goes out as. */
export const frameHtml =
  '<!doctype html><html lang="en"><head><title>ReCell</title></head><body>the frame</body></html>';

/** A rendered page's template; `rootAttributes` as the web build writes them on the app's root. */
export const renderedPageTemplate = (rootAttributes = '') =>
  `<!doctype html><html lang="en"><head><title>ReCell</title></head><body><div id="root"${rootAttributes}><!--recell:page--></div><script type="application/json" id="page-data"><!--recell:page-data--></script></body></html>`;

export interface MiniatureWebBuild {
  /** The build's directory (WEB_DIST_DIR). */
  dir: string;
  remove: () => Promise<void>;
}

/**
 * Writes the build to a new temporary directory. `render` is the source of the server build's
 * `renderSignedInPage` export; `manifest` is laid over a manifest of the frame, the 404 page and
 * that server build; `files` are more files, by their path in the build (`pages/…`).
 */
export async function writeMiniatureWebBuild(options: {
  render: string;
  manifest: Record<string, unknown>;
  files?: Record<string, string>;
}): Promise<MiniatureWebBuild> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'recell-web-'));
  await mkdir(path.join(dir, 'pages'));
  await mkdir(path.join(dir, '.server'));
  const files: Record<string, string> = {
    'index.html': frameHtml,
    'pages/404.html': frameHtml,
    '.server/render.js': `${options.render}\nexport const criticalStyleFor = () => () => '';`,
    ...options.files,
  };
  for (const [file, text] of Object.entries(files)) await writeFile(path.join(dir, file), text);
  const manifest = {
    pages: {},
    frame: 'index.html',
    notFound: 'pages/404.html',
    renderModule: '.server/render.js',
    ...options.manifest,
  };
  await writeFile(path.join(dir, 'pages.json'), JSON.stringify(manifest));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}
