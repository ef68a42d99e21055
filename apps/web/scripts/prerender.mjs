// Writes every page's HTML the route table asks for (src/config/routes.ts): the public pages,
// prerendered (and the 404 page), the site's frame every other page starts from, the frames that
// also list a page's code, and the templates of pages the server renders with their data; and
// dist/pages.json, which tells the API's web plugin which file answers which address.
// Each document is rendered by React (src/document.tsx) from the Vite manifest's entry, not cut out
// of the built index.html. Run after `vite build` and the server build of src/prerender.tsx into
// dist/.server (see package.json), which the API also loads to render signed-in pages.
import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const webDir = fileURLToPath(new URL('..', import.meta.url));
const dist = path.join(webDir, 'dist');
const renderModule = '.server/prerender.js';
const { renderPage, renderDocument, renderTemplate, buildPlan, placeholders, siteTitle } = await import(
  pathToFileURL(path.join(dist, renderModule)).href
);
const plan = await buildPlan();

const viteManifest = JSON.parse(await readFile(path.join(dist, '.vite', 'manifest.json'), 'utf8'));
/** The chunk of a source module and every chunk it imports statically. */
const chunkFiles = (key, files = new Set()) => {
  const chunk = viteManifest[key];
  if (!chunk) throw new Error(`the Vite manifest has no ${key}`);
  if (files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) chunkFiles(imported, files);
  return files;
};
const entry = viteManifest['index.html'];
if (!entry?.isEntry || entry.css?.length !== 1) throw new Error('the Vite manifest has no entry with one stylesheet');
const preloads = [...chunkFiles('index.html')].filter((file) => file !== entry.file);
const stylesheet = entry.css[0];

/**
 * The stylesheet goes inside each page: a phone on a slow network paints once the HTML has come,
 * without a second request first. The server's Content-Security-Policy allows this one style by its
 * hash (pages.json's `styleHashes`), never inline styles in general.
 */
const css = (await readFile(path.join(dist, stylesheet), 'utf8')).trim();
if (css.includes('</style')) throw new Error('the stylesheet cannot be inlined: it contains </style');
const styleHash = `sha256-${createHash('sha256').update(css).digest('base64')}`;
const assets = { entry: entry.file, preloads, style: { inline: css } };

/**
 * Each page also as `name.dark.html` and `name.light.html`: the server sends the one a visitor's
 * saved theme asks for (plugins/web.ts), so the theme is right in the first paint without a script.
 */
const themes = ['dark', 'light'];
const writeDocument = async (file, props) => {
  for (const theme of [undefined, ...themes])
    await writeFile(
      theme ? file.replace(/\.html$/, `.${theme}.html`) : file,
      await renderDocument({ assets, theme, ...props }),
    );
};

/** A page's own chunks (and the data code it starts with), less those the entry already loads. */
const moduleFiles = (modules) => {
  const files = new Set();
  for (const key of modules) {
    for (const file of chunkFiles(key)) files.add(file);
    // The data module's own dynamic imports of a feature: the queries it starts at once.
    if (key.endsWith('.data.ts'))
      for (const imported of viteManifest[key].dynamicImports ?? [])
        if (imported.startsWith('src/features/')) for (const file of chunkFiles(imported)) files.add(file);
  }
  return [...files].filter((file) => file !== entry.file && !preloads.includes(file));
};

const outDir = path.join(dist, 'pages');
await rm(outDir, { recursive: true, force: true });
await mkdir(outDir, { recursive: true });
const manifest = {
  pages: {},
  notFound: 'pages/404.html',
  frame: 'index.html',
  framePatterns: plan.framePatterns,
  themes,
  styleHashes: [styleHash],
};

// The public pages, the same for everyone: React takes their HTML over as it is.
for (const { page, url, addresses } of [...plan.prerendered, { page: '404', url: '/404', addresses: [] }]) {
  await writeDocument(path.join(outDir, `${page}.html`), { kind: 'page', body: await renderPage(url) });
  for (const address of addresses) manifest.pages[address] = `pages/${page}.html`;
}

// Signed-in pages (categories, details, profile, dashboard): the site's frame, painted at once.
// A signed-in page renders the frame with a spinner while the session loads, like this.
const frame = { kind: 'frame', body: await renderPage('/profile'), title: siteTitle };
await writeDocument(path.join(dist, 'index.html'), frame);

/**
 * The browsing pages a phone opens most start from the frame plus their own chunks, listed in the
 * HTML: the browser fetches them with the entry instead of after it has run. Low priority, like
 * the rest: the frame paints first. Some addresses (a brand's page with nothing filtered) also ask
 * for their data at once.
 */
manifest.routeFrames = {};
manifest.unfilteredPages = {};
for (const route of plan.routeFrames) {
  const moreModules = moduleFiles(route.modules);
  const file = `pages/${route.name}.frame.html`;
  await writeDocument(path.join(dist, file), { ...frame, moreModules });
  manifest.routeFrames[route.pattern] = file;
  for (const { address, fetches } of route.unfiltered) {
    const addressFile = `pages/${route.name}-${address.split('/').at(-1)}.frame.html`;
    await writeDocument(path.join(dist, addressFile), { ...frame, moreModules, fetches });
    manifest.unfilteredPages[address] = addressFile;
  }
}

/**
 * The pages the server renders with their data (a public page for anyone, a signed-in page for a
 * request with the signed-in hint): #root to fill with the page and, after it, the data it was
 * rendered with. Its chunks are not
 * listed: the page paints without them, and a phone's network is then free for its pictures. Its
 * style is the part of the stylesheet its HTML uses (the server picks it, criticalStyleFor); the
 * whole stylesheet is linked, disabled so it waits, and the app enables it (main.tsx).
 */
manifest.renderModule = renderModule;
manifest.stylesheet = stylesheet;
manifest.renderedPages = {};
// A public page (a phone's, a seller's) is rendered for visitors too, without the hint.
manifest.renderedForEveryone = plan.renderedForEveryone;
for (const pattern of plan.renderedPatterns) {
  const route = plan.routeFrames.find((frameRoute) => frameRoute.pattern === pattern);
  const file = `pages/${route.name}.rendered.html`;
  const forEveryone = plan.renderedForEveryone.includes(pattern);
  for (const theme of [undefined, ...themes]) {
    const html = await renderTemplate({ ...assets, style: { criticalOf: stylesheet } }, theme, forEveryone);
    if (!Object.values(placeholders).every((placeholder) => html.includes(placeholder)))
      throw new Error(`the template of ${pattern} has no place for its page, data or style`);
    await writeFile(path.join(dist, theme ? file.replace(/\.html$/, `.${theme}.html`) : file), html);
  }
  manifest.renderedPages[pattern] = file;
}
// Private pages (My Orders, …): rendered with the signed-in person's own data, for them alone,
// never kept nor shared (decision 0078). One signed-in template serves an entry's pages.
manifest.renderedForViewer = [];
for (const { name, patterns } of plan.renderedForViewer) {
  const file = `pages/${name}.rendered.html`;
  for (const theme of [undefined, ...themes]) {
    const html = await renderTemplate({ ...assets, style: { criticalOf: stylesheet } }, theme, false);
    if (!Object.values(placeholders).every((placeholder) => html.includes(placeholder)))
      throw new Error(`the template of ${name} has no place for its page, data or style`);
    await writeFile(path.join(dist, theme ? file.replace(/\.html$/, `.${theme}.html`) : file), html);
  }
  for (const pattern of patterns) manifest.renderedPages[pattern] = file;
  manifest.renderedForViewer.push(...patterns);
}
await writeFile(path.join(dist, 'pages.json'), `${JSON.stringify(manifest, null, 2)}\n`);
console.log(`prerendered ${plan.prerendered.length + 1} pages and the frames of the others`);
