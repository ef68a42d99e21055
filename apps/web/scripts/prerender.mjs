// Writes the public pages as HTML (home, about, blogs, login, sign-up, 404) and the frame every
// other page starts from, into dist/ beside the built app; the API serves them (plugins/web.ts).
// Run after `vite build` and the SSR build of src/prerender.tsx into dist/.server (see package.json),
// which the API also loads to render signed-in pages with their data (dotfiles are never served).
import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const webDir = fileURLToPath(new URL('..', import.meta.url));
const dist = path.join(webDir, 'dist');
const renderModule = '.server/prerender.js';
const { renderPage, framePatterns, paths, categoryIds, categoryPageData, renderedPagePatterns } = await import(
  pathToFileURL(path.join(dist, renderModule)).href
);

const template = await readFile(path.join(dist, 'index.html'), 'utf8');
const bannerPreload = /\s*<!--[^>]*-->\s*<link rel="preload" as="image"[^>]*>/;
if (!template.includes('<div id="root"></div>')) throw new Error('dist/index.html has no empty #root');
if (!template.includes('<html lang="en">')) throw new Error('dist/index.html has no <html lang="en"> to theme');

/**
 * The stylesheet goes inside each page: a phone on a slow network paints once the HTML has come,
 * without a second request first. The server's Content-Security-Policy allows this one style by its
 * hash (pages.json's `styleHashes`), never inline styles in general.
 */
const stylesheetLink = /<link rel="stylesheet" crossorigin href="\/(assets\/[\w.-]+\.css)">/;
const stylesheet = stylesheetLink.exec(template);
if (!stylesheet) throw new Error('dist/index.html links no stylesheet to inline');
const css = (await readFile(path.join(dist, stylesheet[1]), 'utf8')).trim();
if (css.includes('</style')) throw new Error('the stylesheet cannot be inlined: it contains </style');
const styleHash = `sha256-${createHash('sha256').update(css).digest('base64')}`;
const withInlineStyle = (html) => html.replace(stylesheetLink, () => `<style>${css}</style>`);

/**
 * The page's HTML in the app's template. `kind` 'page': React takes the HTML over as it is
 * (hydrates it); 'frame': it renders the page afresh over it. Only the home page preloads the
 * banner (the largest paint there; elsewhere the preload would go unused).
 */
const pageHtml = (body, kind, { keepBannerPreload = false } = {}) => {
  let html = withInlineStyle(template).replace(
    '<div id="root"></div>',
    () => `<div id="root" data-prerendered="${kind}">${body}</div>`,
  );
  if (!keepBannerPreload) html = html.replace(bannerPreload, '');
  // The HTML paints first: its scripts load at once but at low priority, and React then takes the
  // page over in slices (main.tsx; decision 0047).
  html = html
    .replace('<script type="module" crossorigin', '<script type="module" fetchpriority="low" crossorigin')
    .replaceAll('<link rel="modulepreload" crossorigin', '<link rel="modulepreload" fetchpriority="low" crossorigin');
  // React writes <title> where the page renders it; a document's title belongs in <head>.
  const title = /<title>([^<]*)<\/title>/.exec(body);
  if (title)
    html = html
      .replace(/<title>[^<]*<\/title>/, title[0])
      .replace(/(<div id="root"[^>]*>.*?)<title>[^<]*<\/title>/s, '$1');
  return html;
};

const pages = [
  { url: '/', file: 'home.html', paths: ['/', '/home'], keepBannerPreload: true },
  { url: '/about', file: 'about.html', paths: ['/about'] },
  { url: '/blogs', file: 'blogs.html', paths: ['/blogs'] },
  { url: '/login', file: 'login.html', paths: ['/login'] },
  { url: '/signup', file: 'signup.html', paths: ['/signup'] },
  { url: '/404', file: '404.html', paths: [] },
];

/**
 * Each page also as `name.dark.html` and `name.light.html`: the server sends the one a visitor's
 * saved theme asks for (plugins/web.ts), so the theme is right in the first paint without a script.
 */
const themes = ['dark', 'light'];
const writePage = async (file, html) => {
  await writeFile(file, html);
  for (const theme of themes)
    await writeFile(
      file.replace(/\.html$/, `.${theme}.html`),
      html.replace('<html lang="en">', `<html lang="en" class="${theme}">`),
    );
};

/**
 * The browsing pages a phone opens most (a category, a search, a phone's details) start from the
 * frame plus their own chunks, listed in the HTML: the browser fetches them with the entry instead
 * of after it has run. Low priority, like the rest: the frame paints first.
 */
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
// Every page asks for its data through these (src/app/route-data.ts, the catalogue's queries).
const browsingData = ['src/app/route-data.ts', 'src/features/catalogue/queries.ts'];
const routeFrames = [
  { name: 'category', pattern: paths.category.pattern, modules: ['src/app/routes/category.tsx', ...browsingData] },
  { name: 'search', pattern: paths.search.pattern, modules: ['src/app/routes/search.tsx', ...browsingData] },
  { name: 'product', pattern: paths.product.pattern, modules: ['src/app/routes/product.tsx', ...browsingData] },
];
const withRouteChunks = (html, modules) => {
  const inHtml = new Set([...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((match) => match[1]));
  const files = new Set(modules.flatMap((key) => [...chunkFiles(key)]).filter((file) => !inHtml.has(file)));
  const links = [...files]
    .map((file) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="/${file}">`)
    .join('\n    ');
  return html.replace('</head>', () => `    ${links}\n  </head>`);
};

const outDir = path.join(dist, 'pages');
await rm(outDir, { recursive: true, force: true });
await mkdir(outDir, { recursive: true });
const manifest = {
  pages: {},
  notFound: 'pages/404.html',
  frame: 'index.html',
  framePatterns,
  themes,
  styleHashes: [styleHash],
};
for (const page of pages) {
  const body = await renderPage(page.url);
  await writePage(path.join(outDir, page.file), pageHtml(body, 'page', page));
  for (const url of page.paths) manifest.pages[url] = `pages/${page.file}`;
}

// Signed-in pages (categories, details, profile, dashboard): the site's frame, painted at once.
// A signed-in page renders the frame with a spinner while the session loads, like this.
const frame = await renderPage('/profile');
await writePage(path.join(dist, 'index.html'), pageHtml(frame, 'frame'));
manifest.routeFrames = {};
for (const route of routeFrames) {
  const file = `pages/${route.name}.frame.html`;
  await writePage(path.join(dist, file), withRouteChunks(pageHtml(frame, 'frame'), route.modules));
  manifest.routeFrames[route.pattern] = file;
}
// A brand's page with nothing filtered (its address has no query) also asks for its data at once.
const categoryRoute = routeFrames.find((route) => route.name === 'category');
manifest.unfilteredPages = {};
for (const id of categoryIds) {
  const file = `pages/category-${id}.frame.html`;
  const dataLinks = categoryPageData(id)
    .map((url) => `<link rel="preload" as="fetch" crossorigin href="${url}">`)
    .join('\n    ');
  const html = withRouteChunks(pageHtml(frame, 'frame'), categoryRoute.modules).replace(
    '</head>',
    () => `    ${dataLinks}\n  </head>`,
  );
  await writePage(path.join(dist, file), html);
  manifest.unfilteredPages[paths.category.to(id)] = file;
}

/**
 * The signed-in pages the server renders with their data, for a request with the signed-in hint:
 * their own frame's head, #root to fill with the page and, after it, the data it was rendered with.
 */
manifest.renderModule = renderModule;
manifest.stylesheet = stylesheet[1];
manifest.renderedPages = {};
for (const pattern of renderedPagePatterns) {
  const route = routeFrames.find((frameRoute) => frameRoute.pattern === pattern);
  if (!route) throw new Error(`no route frame for the rendered page ${pattern}`);
  const file = `pages/${route.name}.rendered.html`;
  // Its chunks are not listed: the page paints without them, and a phone's network is then free
  // for its pictures. They load at the entry's pace, in slices, like a prerendered page's.
  // Its style is the part of the stylesheet its HTML uses (the server picks it, criticalStyleFor);
  // the whole stylesheet is linked, disabled so it waits, and the app enables it (main.tsx).
  const html = pageHtml('<!--recell:page-->', 'page')
    .replace(
      '<div id="root" data-prerendered="page"><!--recell:page--></div>',
      '<div id="root" data-prerendered="page" data-session="signed-in"><!--recell:page--></div><!--recell:page-data-->',
    )
    .replace(
      `<style>${css}</style>`,
      () => `<style><!--recell:style--></style><link rel="stylesheet" crossorigin href="/${stylesheet[1]}" disabled>`,
    );
  if (!html.includes('<!--recell:page-data-->') || !html.includes('<!--recell:style-->'))
    throw new Error(`the template of ${pattern} has no place for its data or its style`);
  await writePage(path.join(dist, file), html);
  manifest.renderedPages[pattern] = file;
}
await writeFile(path.join(dist, 'pages.json'), `${JSON.stringify(manifest, null, 2)}\n`);
console.log(`prerendered ${pages.length} pages and the frame of the others`);
