import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { brotliDecompressSync } from 'node:zlib';
import { ErrorBodySchema, messages, signedInHintCookie, themeCookie } from '@recell/contract';
import { insertCategories } from './fixtures.ts';
import { loadConfig } from '../src/config.ts';
import { createTestApp, type TestApp } from './helpers.ts';
import { signedInHint } from './support/accounts.ts';

describe('platform: health, errors, headers, OpenAPI', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, (app) => {
      // A route that fails unexpectedly, to prove 5xx details never reach the caller.
      app.get('/api/test/explode', async () => {
        throw new Error('secret database password is hunter2');
      });
      app.post('/api/test/echo', async (request) => ({ received: request.body }));
    });
  });
  afterAll(() => t.close());

  it('answers liveness and readiness', async () => {
    expect((await t.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', checks: { database: 'ok' } });
  });

  it('answers unknown API paths with the JSON error shape', async () => {
    const response = await t.app.inject('/api/no-such-thing');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(ErrorBodySchema.parse(response.json())).toEqual({
      error: { code: 'not_found', message: messages.routeNotFound },
    });
  });

  it('never leaks a stack or an internal detail on a 500', async () => {
    const response = await t.app.inject('/api/test/explode');
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: { code: 'internal', message: messages.internalError } });
    expect(response.body).not.toContain('hunter2');
    expect(response.body).not.toContain('at ');
  });

  it('answers invalid query input with 400, the field and a message', async () => {
    const response = await t.app.inject('/api/advertised?limit=0');
    expect(response.statusCode).toBe(400);
    const body = ErrorBodySchema.parse(response.json());
    expect(body.error.code).toBe('validation');
    expect(body.error.fields).toHaveProperty('limit');
  });

  it('answers malformed JSON with 400 and an unsupported body type with 415, not 500', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(ErrorBodySchema.parse(malformed.json()).error.code).toBe('validation');
    const wrongType = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/x-unknown' },
      payload: 'x',
    });
    expect(wrongType.statusCode).toBe(415);
    expect(ErrorBodySchema.parse(wrongType.json()).error.code).toBe('unsupported_media_type');
  });

  it('sets security headers and a strict Content-Security-Policy', async () => {
    const response = await t.app.inject('/api/categories');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    // The web parses with zod jitless: no page needs eval.
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('names every response with a request id, reusing a caller-supplied one', async () => {
    const generated = await t.app.inject('/healthz');
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const supplied = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': 'trace-123' } });
    expect(supplied.headers['x-request-id']).toBe('trace-123');
  });

  it('still publishes the OpenAPI document after other code registers a contract schema id again', async () => {
    // What a signed-in page rendered on the server does: the web's copy of zod registers the
    // contract's schemas in zod's one global registry (globalThis) a second time.
    const twin = z.object({ another: z.string() }).meta({ id: 'OrderProblem' });
    try {
      const response = await t.app.inject('/api/openapi.json');
      expect(response.statusCode).toBe(200);
      expect(response.json().components.schemas).toHaveProperty('OrderProblem');
    } finally {
      z.globalRegistry.remove(twin);
    }
  });

  it('serves the OpenAPI document and docs page in production only when the operator asks (API_DOCS)', async () => {
    const production = { NODE_ENV: 'production', ALLOW_DEMO_SERVICES: 'true', JWT_SECRET: 'x'.repeat(32) };
    // Before: a production server answered both to anyone.
    const closed = await createTestApp(production);
    try {
      expect((await closed.app.inject('/api/openapi.json')).statusCode).toBe(404);
      expect((await closed.app.inject('/api/docs/')).statusCode).toBe(404);
    } finally {
      await closed.close();
    }
    const opened = await createTestApp({ ...production, API_DOCS: 'true' });
    try {
      expect((await opened.app.inject('/api/openapi.json')).statusCode).toBe(200);
    } finally {
      await opened.close();
    }
    expect(loadConfig({}).apiDocs).toBe(true);
    expect(loadConfig({ API_DOCS: 'false' }).apiDocs).toBe(false);
  });

  it('publishes an OpenAPI document describing the routes', async () => {
    const response = await t.app.inject('/api/openapi.json');
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/categories', '/api/advertised', '/healthz', '/readyz']),
    );
    expect(document.paths['/api/advertised'].get.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['limit', 'cursor']),
    );
    const docs = await t.app.inject('/api/docs/');
    expect(docs.statusCode).toBe(200);
    expect(docs.body).toContain('swagger');
  });

  it('reports not ready once the database is unreachable', async () => {
    const other = await createTestApp();
    await other.database.close();
    const response = await other.app.inject('/readyz');
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'unavailable', checks: { database: 'failed' } });
    await other.close();
  });
});

describe('platform: the stylesheet the pages carry inline', () => {
  const css = 'body{color:#111}';
  const hash = `sha256-${createHash('sha256').update(css).digest('base64')}`;
  let t: TestApp;
  let webDir: string;
  beforeAll(async () => {
    // A web build in miniature: one prerendered page with its style inline, and its manifest.
    webDir = await mkdtemp(path.join(os.tmpdir(), 'recell-web-'));
    await mkdir(path.join(webDir, 'pages'));
    const page = `<!doctype html><html lang="en"><head><style>${css}</style></head><body><div id="root"></div></body></html>`;
    await writeFile(path.join(webDir, 'index.html'), page);
    await writeFile(path.join(webDir, 'pages', 'about.html'), page);
    const manifest = { pages: { '/about': 'pages/about.html' }, frame: 'index.html', notFound: 'index.html' };
    await writeFile(
      path.join(webDir, 'pages.json'),
      JSON.stringify({ ...manifest, framePatterns: [], styleHashes: [hash] }),
    );
    t = await createTestApp({ WEB_DIST_DIR: webDir });
  });
  afterAll(async () => {
    await t.close();
    await rm(webDir, { recursive: true, force: true });
  });

  it('is allowed by its hash alone: no other inline style is', async () => {
    const response = await t.app.inject('/about');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(`<style>${css}</style>`);
    const styleSrc = /style-src ([^;]*)/.exec(String(response.headers['content-security-policy']))?.[1];
    expect(styleSrc).toBe(`'self' '${hash}'`);
  });
});

describe('platform: which HTML answers a page address', () => {
  let t: TestApp;
  let webDir: string;
  const html = (name: string) => `<!doctype html><html lang="en"><head></head><body>${name}</body></html>`;
  beforeAll(async () => {
    // A web build in miniature: a prerendered page, the site's frame, a page's own frame, a 404.
    webDir = await mkdtemp(path.join(os.tmpdir(), 'recell-web-'));
    await mkdir(path.join(webDir, 'pages'));
    await writeFile(path.join(webDir, 'index.html'), html('the frame'));
    for (const name of ['about', 'category.frame', 'category-2.frame', '404'])
      await writeFile(path.join(webDir, 'pages', `${name}.html`), html(name));
    const manifest = {
      pages: { '/about': 'pages/about.html' },
      frame: 'index.html',
      notFound: 'pages/404.html',
      framePatterns: ['/categories/:id', '/profile'],
      routeFrames: { '/categories/:id': 'pages/category.frame.html' },
      unfilteredPages: { '/categories/2': 'pages/category-2.frame.html' },
    };
    await writeFile(path.join(webDir, 'pages.json'), JSON.stringify(manifest));
    t = await createTestApp({ WEB_DIST_DIR: webDir });
  });
  afterAll(async () => {
    await t.close();
    await rm(webDir, { recursive: true, force: true });
  });

  it('answers a prerendered page, a page with its own frame (and data when unfiltered), the frame, and 404', async () => {
    const answers = await Promise.all(
      [
        '/about',
        '/categories/2',
        '/categories/2?sort=price_asc',
        '/categories/3',
        '/profile',
        '/categories',
        '/nowhere',
      ].map(async (url) => {
        const response = await t.app.inject(url);
        return [url, response.statusCode, response.body.replace(/.*<body>|<\/body>.*/gs, '')];
      }),
    );
    expect(answers).toEqual([
      ['/about', 200, 'about'],
      ['/categories/2', 200, 'category-2.frame'],
      ['/categories/2?sort=price_asc', 200, 'category.frame'],
      ['/categories/3', 200, 'category.frame'],
      ['/profile', 200, 'the frame'],
      ['/categories', 404, '404'],
      ['/nowhere', 404, '404'],
    ]);
  });

  it('sends a listing picture stored without its 800 px copy (seeded earlier) to its main copy, that size', async () => {
    const older = 'ab'.repeat(32);
    const uploaded = 'cd'.repeat(32);
    for (const key of [`ab/${older}.webp`, `cd/${uploaded}.webp`, `cd/${uploaded}-800.webp`]) {
      await mkdir(path.join(t.config.uploadsDir, key.slice(0, 2)), { recursive: true });
      await writeFile(path.join(t.config.uploadsDir, key), key);
    }
    const copy = await t.app.inject(`/uploads/ab/${older}-800.webp`);
    expect([copy.statusCode, copy.headers.location]).toEqual([302, `/uploads/ab/${older}.webp`]);
    // A picture that has the copy gets it; any other missing file is a 404.
    expect((await t.app.inject(`/uploads/cd/${uploaded}-800.webp`)).body).toBe(`cd/${uploaded}-800.webp`);
    expect((await t.app.inject(`/uploads/ab/${older}-400.webp`)).statusCode).toBe(404);
  });
});

describe('platform: a signed-in page rendered with its data', () => {
  let t: TestApp;
  let webDir: string;
  const frame = '<!doctype html><html lang="en"><head><title>ReCell</title></head><body>the frame</body></html>';
  const template = (theme = '') =>
    `<!doctype html><html lang="en"${theme}><head><title>ReCell</title><style><!--recell:style--></style></head><body><div id="root"><!--recell:page--></div><script type="application/json" id="page-data"><!--recell:page-data--></script></body></html>`;
  const stylesheet = '.rendered{color:teal}\n.unused{color:red}';
  beforeAll(async () => {
    // A web build in miniature whose server build renders a page from the API's own answer.
    webDir = await mkdtemp(path.join(os.tmpdir(), 'recell-web-'));
    await mkdir(path.join(webDir, 'pages'));
    await mkdir(path.join(webDir, '.server'));
    await mkdir(path.join(webDir, 'assets'));
    await writeFile(path.join(webDir, 'assets', 'site.css'), stylesheet);
    await writeFile(path.join(webDir, 'index.html'), frame);
    await writeFile(path.join(webDir, 'pages', '404.html'), frame);
    await writeFile(path.join(webDir, 'pages', 'category.rendered.html'), template());
    await writeFile(path.join(webDir, 'pages', 'category.rendered.dark.html'), template(' class="dark"'));
    await writeFile(
      path.join(webDir, '.server', 'render.js'),
      `export async function renderSignedInPage(url, fetchApi) {
        if (url.includes('fail')) return null;
        globalThis.recellRenders = (globalThis.recellRenders ?? 0) + 1;
        const answer = await fetchApi('/api/categories');
        const { items } = await answer.json();
        return {
          title: '<title>' + items[0].brand + ' · ReCell</title>',
          body: 'rendered ' + url + ': ' + items.map((item) => item.brand).join(', ') + ' ' + 'x'.repeat(2000),
          data: '[]',
        };
      }
      export const criticalStyleFor = (stylesheet) => (html) =>
        stylesheet.split('\\n').filter((rule) => html.includes(rule.slice(1, rule.indexOf('{')))).join('');`,
    );
    const manifest = {
      pages: {},
      frame: 'index.html',
      notFound: 'pages/404.html',
      framePatterns: ['/categories/:id'],
      themes: ['dark'],
      renderModule: '.server/render.js',
      renderedPages: { '/categories/:id': 'pages/category.rendered.html' },
      stylesheet: 'assets/site.css',
    };
    await writeFile(path.join(webDir, 'pages.json'), JSON.stringify(manifest));
    t = await createTestApp({ WEB_DIST_DIR: webDir });
    await insertCategories(t.app.db);
  });
  afterAll(async () => {
    await t.close();
    await rm(webDir, { recursive: true, force: true });
  });

  const get = (url: string, cookies: Record<string, string> = {}) =>
    t.app.inject({ url, cookies, headers: { 'accept-encoding': 'br' } });
  const text = (response: Awaited<ReturnType<typeof get>>) =>
    response.headers['content-encoding'] === 'br'
      ? brotliDecompressSync(response.rawPayload).toString()
      : response.body;

  it('sends the rendered page, its title and data in the template, compressed, to a request with the signed-in hint', async () => {
    const response = await get('/categories/1?sort=price_asc', { [signedInHintCookie]: signedInHint(t) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toContain('Cookie');
    const html = text(response);
    expect(html).toContain('<head><title>Apple · ReCell</title><style>.rendered{color:teal}</style></head>');
    expect(html).toContain('<div id="root">rendered /categories/1?sort=price_asc: Apple, Xiaomi, Samsung x');
    expect(html).toContain('</div><script type="application/json" id="page-data">[]</script></body>');
  });

  it('carries the part of the stylesheet its HTML uses, which its own policy allows', async () => {
    const response = await get('/categories/2', { [signedInHintCookie]: signedInHint(t) });
    const hash = createHash('sha256').update('.rendered{color:teal}').digest('base64');
    expect(text(response)).not.toContain('.unused');
    expect(response.headers['content-security-policy']).toMatch(
      new RegExp(`(^|;)style-src 'self'[^;]* 'sha256-${hash.replace(/[+/]/g, '\\$&')}'(;|$)`),
    );
    // Every other page keeps the policy without it.
    expect((await get('/categories/2')).headers['content-security-policy']).not.toContain(hash);
  });

  it('in the theme the visitor picked', async () => {
    const html = text(await get('/categories/1', { [signedInHintCookie]: signedInHint(t), [themeCookie]: 'dark' }));
    expect(html).toContain('<html lang="en" class="dark">');
    expect(html).toContain('rendered /categories/1');
  });

  it('renders a page once for everyone within a second, and again after a listing changes', async () => {
    const cached = await createTestApp({ WEB_DIST_DIR: webDir, NODE_ENV: 'development' });
    await insertCategories(cached.app.db);
    try {
      const renders = () => (globalThis as { recellRenders?: number }).recellRenders ?? 0;
      const before = renders();
      const load = () =>
        cached.app.inject({ url: '/categories/2', cookies: { [signedInHintCookie]: signedInHint(cached) } });
      const answers = await Promise.all([load(), load(), load()]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
      expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
      expect(renders() - before).toBe(1);
      cached.app.listingsChanged();
      expect((await load()).body).toContain('rendered /categories/2');
      expect(renders() - before).toBe(2);
    } finally {
      await cached.close();
    }
  });

  it('sends the frame without the hint, when the renderer gives up, and never serves the server build', async () => {
    expect(text(await get('/categories/1'))).toContain('the frame');
    expect(text(await get('/categories/fail', { [signedInHintCookie]: signedInHint(t) }))).toContain('the frame');
    const serverBuild = await get('/.server/render.js');
    expect(serverBuild.statusCode).toBe(404);
    expect(serverBuild.body).not.toContain('renderSignedInPage');
  });
});

describe('platform: compression', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('compresses JSON answers for clients that accept it', async () => {
    const response = await t.app.inject({ url: '/api/openapi.json', headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
  });
});

describe('platform: OpenAPI security', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('marks signed-in routes with the bearer scheme and leaves public ones open', async () => {
    const document = (await t.app.inject('/api/openapi.json')).json();
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.paths['/api/me'].get.security).toEqual([{ bearerAuth: [] }]);
    expect(document.paths['/api/uploads'].post.security).toEqual([{ bearerAuth: [] }]);
    expect(document.paths['/api/categories'].get.security).toBeUndefined();
  });
});
