// Writes the public pages as HTML (home, about, blogs, login, sign-up, 404) and the frame every
// other page starts from, into dist/ beside the built app; the API serves them (plugins/web.ts).
// Run after `vite build` and the SSR build of src/prerender.tsx (see package.json).
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const webDir = fileURLToPath(new URL('..', import.meta.url));
const dist = path.join(webDir, 'dist');
const serverBuild = path.join(webDir, 'dist-prerender');
const { renderPage, framePatterns } = await import(pathToFileURL(path.join(serverBuild, 'prerender.js')).href);

const template = await readFile(path.join(dist, 'index.html'), 'utf8');
const bannerPreload = /\s*<!--[^>]*-->\s*<link rel="preload" as="image"[^>]*>/;
if (!template.includes('<div id="root"></div>')) throw new Error('dist/index.html has no empty #root');

/**
 * The page's HTML in the app's template. `kind` 'page': React takes the HTML over as it is
 * (hydrates it); 'frame': it renders the page afresh over it. Only the home page preloads the
 * banner (the largest paint there; elsewhere the preload would go unused).
 */
const pageHtml = (body, kind, { keepBannerPreload = false } = {}) => {
  let html = template.replace('<div id="root"></div>', `<div id="root" data-prerendered="${kind}">${body}</div>`);
  if (!keepBannerPreload) html = html.replace(bannerPreload, '');
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

const outDir = path.join(dist, 'pages');
await rm(outDir, { recursive: true, force: true });
await mkdir(outDir, { recursive: true });
const manifest = { pages: {}, notFound: 'pages/404.html', frame: 'index.html', framePatterns };
for (const page of pages) {
  const body = await renderPage(page.url);
  await writeFile(path.join(outDir, page.file), pageHtml(body, 'page', page));
  for (const url of page.paths) manifest.pages[url] = `pages/${page.file}`;
}

// Signed-in pages (categories, details, profile, dashboard): the site's frame, painted at once.
// A signed-in page renders the frame with a spinner while the session loads, like this.
const frame = await renderPage('/profile');
await writeFile(path.join(dist, 'index.html'), pageHtml(frame, 'frame'));
await writeFile(path.join(dist, 'pages.json'), `${JSON.stringify(manifest, null, 2)}\n`);
await rm(serverBuild, { recursive: true, force: true });
console.log(`prerendered ${pages.length} pages and the frame of the others`);
