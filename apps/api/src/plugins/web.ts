import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { messages, renderedPageQueryParams, signedInHintCookie, themeCookie, type Role } from '@recell/contract';
import {
  brotli,
  encodedPage,
  PageCache,
  preferredEncoding,
  type CachedPage,
  type PageEncoding,
} from '../lib/page-cache.ts';
import { createSoftLimit } from '../lib/rate-limit.ts';
import { readSignedInHint } from '../lib/signed-in-hint.ts';
import { sendError } from './errors.ts';

const oneYear = 31_536_000;
/** Rendered pages kept at once (about 70 kB each): the brands' first pages and some searches, per theme. */
const renderedPageCacheEntries = 64;
/**
 * What a rendered page may weigh compressed to come in a phone network's first round trip: about
 * 14.6 kB, less about 1.1 kB of headers (decision 0049), less a margin for a longer policy header.
 */
const firstRoundTripBytes = 13_300;
/**
 * A rendered page compressed (once, for everyone who asks within its second) as cheaply as still
 * fits that round trip: brotli 3 (about 0.3 ms) for up to 60 kB of HTML (a phone's, a seller's
 * page: 10.7–11.5 kB), 5 (about 1 ms) for a larger one (a brand's page, the search, My Products:
 * 12.7–13.2 kB), or for a small one that 3 leaves too large. Decision 0082.
 */
const encodedRenderedPage = (page: CachedPage, encoding: PageEncoding): Buffer => {
  if (encoding === 'br' && !page.encoded.br) {
    const isSmall = page.body.length <= 60_000;
    const cheap = brotli(page.body, isSmall ? 3 : 5);
    page.encoded.br = isSmall && cheap.length > firstRoundTripBytes ? brotli(page.body, 5) : cheap;
  }
  return encodedPage(page, encoding);
};

/** What the web build prerendered (apps/web/scripts/prerender.mjs writes dist/pages.json). */
type PagesManifest = {
  /** Address → its prerendered HTML. */
  pages: Record<string, string>;
  /** The HTML of every other page of the app: the site's frame, which the app then renders over. */
  frame: string;
  /** The prerendered 404 page, answered with status 404. */
  notFound: string;
  /** The app's other addresses (`:name` is one segment, a final `*` any rest). */
  framePatterns: string[];
  /** Some of those pages' own frame: the site's frame that also lists the page's chunks. */
  routeFrames?: Record<string, string>;
  /** Addresses whose frame, when the address has no query, also asks for the page's data. */
  unfilteredPages?: Record<string, string>;
  /** Each page also exists as `name.<theme>.html` with that theme's class on <html>. */
  themes?: string[];
  /** The CSP hashes of the stylesheet the pages carry inline (securityPlugin allows them). */
  styleHashes?: string[];
  /** The web's server build, which renders signed-in pages with their data (`RenderModule`). */
  renderModule?: string;
  /** Pages rendered with their data for a request with the signed-in hint → their HTML template. */
  renderedPages?: Record<string, string>;
  /** Those of them that are public (a phone's, a seller's page): rendered for visitors too. */
  renderedForEveryone?: string[];
  /** Those of them that are private (My Orders, …): rendered for the signed-in person alone. */
  renderedForViewer?: string[];
  /** The whole stylesheet (a rendered page carries the part of it its HTML uses). */
  stylesheet?: string;
};

/** What the web's server build (apps/web/src/prerender.tsx) offers the server. */
type RenderModule = {
  /** The page's title element, its HTML, and its data as the JSON text of the template's #page-data. */
  renderSignedInPage: (
    url: string,
    fetchApi: typeof fetch,
    viewer?: { role: Role },
  ) => Promise<{ title: string | null; body: string; data: string } | null>;
  /** Reads the stylesheet once; the function it returns picks the rules a page's HTML uses. */
  criticalStyleFor: (stylesheet: string) => (html: string) => string;
};

/** The web build's manifest of prerendered pages, or null without a build. */
export const readPagesManifest = (webDistDir: string): PagesManifest | null => {
  const manifestFile = path.join(webDistDir, 'pages.json');
  return existsSync(manifestFile) ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as PagesManifest) : null;
};

/** The page's file in the theme the visitor picked, if the build made that variant. */
const themedFile = (manifest: PagesManifest | null, file: string, theme: string | undefined) =>
  theme && manifest?.themes?.includes(theme) ? file.replace(/\.html$/, `.${theme}.html`) : file;

const matchesPattern = (url: string, pattern: string) => {
  const got = url.split('/');
  const want = pattern.split('/');
  const anyRest = want.at(-1) === '*';
  if (anyRest ? got.length < want.length : got.length !== want.length) return false;
  return want
    .slice(0, anyRest ? -1 : undefined)
    .every((part, i) => part === got[i] || (part.startsWith(':') && got[i] !== ''));
};

/** Which file answers a page address, and with which status. */
const pageFor = (manifest: PagesManifest | null, url: string, hasQuery: boolean): { file: string; status: number } => {
  if (!manifest) return { file: 'index.html', status: 200 };
  const address = url.length > 1 ? url.replace(/\/+$/, '') : url;
  const page = manifest.pages[address] ?? (hasQuery ? undefined : manifest.unfilteredPages?.[address]);
  if (page) return { file: page, status: 200 };
  const routeFrame = Object.entries(manifest.routeFrames ?? {}).find(([pattern]) => matchesPattern(address, pattern));
  if (routeFrame) return { file: routeFrame[1], status: 200 };
  if (manifest.framePatterns.some((pattern) => matchesPattern(address, pattern)))
    return { file: manifest.frame, status: 200 };
  return { file: manifest.notFound, status: 404 };
};

/**
 * The page an address shows: its path and the query parameters the page reads (`known`), in their
 * fixed order, first value of each; any other parameter, a repeat or an empty value changes
 * nothing on the page, so it makes no other page.
 */
export const canonicalPage = (address: string, search: string, known: readonly string[]): string => {
  const given = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const name of known) {
    const value = given.get(name);
    if (value !== null && value !== '') kept.set(name, value);
  }
  const query = kept.toString();
  return query ? `${address}?${query}` : address;
};

/**
 * A listing picture stored before the demo seed wrote its 800 px copy (an upload always has one):
 * the address of its main copy, which is that size, for a data directory seeded earlier.
 */
const pictureWithoutItsCopy = (url: string) => {
  const stem = /^(\/uploads\/[a-f0-9]{2}\/[a-f0-9]{64})-800\.webp$/.exec(url)?.[1];
  return stem && `${stem}.webp`;
};

/** The page's Content-Security-Policy, also allowing the one inline style of this hash. */
const policyAllowingStyle = (policy: string, styleHash: string) =>
  policy.replace(/(^|;)\s*style-src ([^;]*)/, (directive) => `${directive} '${styleHash}'`);

/**
 * The API as `fetch` for the page renderer: its calls run through this server's own routes, as a
 * visitor or, on a private page, as its viewer (`accessToken`), from the address of someone whose
 * page is being rendered (rate limits count them).
 */
const fetchFromApp =
  (app: FastifyInstance, request: FastifyRequest, accessToken?: string): typeof fetch =>
  async (input, init) => {
    const answer = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: String(input),
      headers: accessToken
        ? { accept: 'application/json', authorization: `Bearer ${accessToken}` }
        : { accept: 'application/json' },
      remoteAddress: request.ip,
    });
    // A 401 would have the web's api-client refresh a session, which a render on the server has
    // not: its refusal (the page goes out as its frame) is all the renderer needs to hear.
    return answerForRenderer(answer.statusCode === 401 ? 403 : answer.statusCode, answer.payload);
  };

/**
 * An answer as the page renderer reads it: its status and its text (the web's api-client reads
 * nothing else). A plain object, not a `Response`: building and reading a Response's body stream
 * cost more than the rest of the call.
 */
const answerForRenderer = (status: number, payload: string) =>
  ({
    status,
    ok: status >= 200 && status < 300,
    text: () => Promise.resolve(payload),
    json: () => Promise.resolve(JSON.parse(payload) as unknown),
  }) as unknown as Response;

/**
 * Serves the built web app and uploaded images from this same process. Hashed assets and
 * content-addressed images never change, so browsers keep them for a year; index.html is always
 * revalidated so a deploy is picked up at once. The public pages answer with their prerendered
 * HTML, the app's other pages with the site's frame (the app renders them; some pages have a frame
 * of their own that also lists their code and, unfiltered, their data), and any other address
 * with the prerendered 404 page and status 404; unknown /api/* paths answer a JSON 404. The pages
 * the web's server build renders come rendered with their data, so a phone paints them without
 * waiting for the code: a phone's and a seller's page for anyone, a brand's page and the search
 * for a request with the signed-in hint, and My Orders, My Products and the payment page for the
 * live sign-in the hint names, with that person's own data, never kept nor shared (decision 0078).
 */
export interface WebOptions {
  webDistDir: string;
  uploadsDir: string;
  /** How long a rendered page is kept: as long as the catalogue keeps its first pages (app.ts). */
  renderedPageTtlMs: number;
  /** Renders per IP per minute that no kept page answered; past it the page's frame is sent. */
  pageRendersPerIp: number;
  /**
   * The account of a refresh-token family that is still signed in, or null (the auth module's
   * door): whom a private page may be rendered for. Without it no private page is rendered.
   */
  pageViewer?: (familyId: string) => Promise<{ userId: string; role: Role } | null>;
}

export const webPlugin = fp(async (app: FastifyInstance, opts: WebOptions) => {
  await app.register(fastifyStatic, {
    root: opts.uploadsDir,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    wildcard: true,
    immutable: true,
    maxAge: oneYear * 1000,
  });

  const indexFile = path.join(opts.webDistDir, 'index.html');
  const hasWeb = existsSync(indexFile);
  const manifest = readPagesManifest(opts.webDistDir);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: opts.webDistDir,
      prefix: '/',
      index: false,
      wildcard: false,
      // The build writes .br/.gz twins (apps/web/scripts/precompress.mjs); browsers get those.
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        const isHashedAsset = filePath.startsWith(path.join(opts.webDistDir, 'assets') + path.sep);
        reply.header('cache-control', isHashedAsset ? `public, max-age=${oneYear}, immutable` : 'no-cache');
      },
    });
  } else {
    app.log.warn({ webDistDir: opts.webDistDir }, 'web app not built: serving the API only (run npm run build)');
  }

  // Signed-in pages rendered with their data: their templates (per theme) and the renderer.
  const renderer =
    hasWeb && manifest?.renderModule
      ? ((await import(pathToFileURL(path.join(opts.webDistDir, manifest.renderModule)).href)) as RenderModule)
      : null;
  const criticalStyle =
    renderer && manifest?.stylesheet
      ? renderer.criticalStyleFor(readFileSync(path.join(opts.webDistDir, manifest.stylesheet), 'utf8'))
      : null;
  const templates = new Map<string, string>();
  const templateOf = (file: string) => {
    let template = templates.get(file);
    if (template === undefined) {
      template = readFileSync(path.join(opts.webDistDir, file), 'utf8');
      templates.set(file, template);
    }
    return template;
  };

  // Pages with the same classes carry the very same style (criticalStyleFor keeps it): its hash too.
  const styleHashes = new Map<string, string>();
  const hashOfStyle = (style: string) => {
    let hash = styleHashes.get(style);
    if (hash === undefined) {
      hash = `sha256-${createHash('sha256').update(style).digest('base64')}`;
      if (styleHashes.size >= 256) styleHashes.clear();
      styleHashes.set(style, hash);
    }
    return hash;
  };

  /**
   * Rendered pages are the same for everyone (rendered as a visitor): each is kept like the
   * catalogue's first pages, a second at most and never past a listing change, and rendered once
   * however many ask for it meanwhile. That bounds the CPU a page costs, hint cookie or not.
   */
  const renderedPages = new PageCache({
    ttlMs: app.config.nodeEnv === 'test' ? 0 : opts.renderedPageTtlMs,
    maxEntries: renderedPageCacheEntries,
  });
  app.onListingsChanged(() => renderedPages.clear());
  const rendering = new Map<string, Promise<CachedPage | null>>();
  // Renders that no kept page answered, per IP: someone asking for page after page of new searches
  // gets their frames (whose app asks for the data itself), never an error.
  const freshRenders = createSoftLimit(app.limitStore, 'page-renders-ip', {
    points: opts.pageRendersPerIp,
    durationSeconds: 60,
  });

  /**
   * The hint a sign-in set, if the request carries one: signed with the app's cookie secret, naming
   * when its session ends (and, since decision 0078, its family). A hand-set `1`, a forged or an
   * outlived one is a visitor's: null.
   */
  const signedInHintOf = (request: FastifyRequest) => {
    const raw = request.cookies[signedInHintCookie];
    if (!raw) return null;
    const signed = request.unsignCookie(raw);
    const hint = signed.valid && signed.value !== null ? readSignedInHint(signed.value) : null;
    return hint && hint.endsAtMs > Date.now() ? hint : null;
  };
  const hasSignedInHint = (request: FastifyRequest) => signedInHintOf(request) !== null;

  /**
   * Whom a private page may be rendered for: the account of the live sign-in the hint names,
   * checked in the database on every request (logout, reuse, an expired session or a disabled
   * account: nobody). A hint without a family (set before hints named it) names nobody.
   */
  const viewerOf = async (request: FastifyRequest) => {
    const familyId = signedInHintOf(request)?.familyId;
    if (!familyId || !opts.pageViewer) return null;
    try {
      return await opts.pageViewer(familyId);
    } catch (error) {
      request.log.error({ err: error }, 'checking whom a page is for failed');
      return null;
    }
  };

  /** Renders the page; kept under `key` when given (never a private page: `viewer`). */
  const render = async (
    request: FastifyRequest,
    pageUrl: string,
    template: string,
    key: string | null,
    viewer?: { role: Role; accessToken: string },
  ): Promise<CachedPage | null> => {
    const generation = renderedPages.generation;
    try {
      const page = await renderer!.renderSignedInPage(
        pageUrl,
        fetchFromApp(app, request, viewer?.accessToken),
        viewer && { role: viewer.role },
      );
      if (!page) return null;
      let html = templateOf(template)
        .replace('<!--recell:page-->', () => page.body)
        .replace('<!--recell:page-data-->', () => page.data);
      if (page.title) html = html.replace(/<title>[^<]*<\/title>/, () => page.title ?? '');
      // The page carries the part of the stylesheet its HTML uses, allowed by its own hash.
      const style = criticalStyle?.(html);
      if (style !== undefined) html = html.replace('<!--recell:style-->', () => style);
      const styleHash = style === undefined ? undefined : hashOfStyle(style);
      if (key !== null) renderedPages.set(key, html, generation, styleHash);
      return { body: html, encoded: {}, styleHash };
    } catch (error) {
      // The page still works from its frame: it asks for its data itself.
      request.log.error({ err: error }, 'rendering a page failed');
      return null;
    }
  };

  const renderedForEveryone = new Set(manifest?.renderedForEveryone ?? []);
  /** A public page is rendered for anyone; a signed-in page only for a request with the hint. */
  const mayRender = (request: FastifyRequest, pattern: string) =>
    renderedForEveryone.has(pattern) || hasSignedInHint(request);

  const renderedForViewer = new Set(manifest?.renderedForViewer ?? []);

  /**
   * A private page rendered for the live sign-in the hint names, as that person (their own access
   * token: the API applies every rule as usual), or null. Never kept, never shared with another
   * request: each render is its viewer's alone, and counts against the IP's fresh renders.
   */
  const privatePage = async (request: FastifyRequest, page: string, template: string) => {
    const viewer = await viewerOf(request);
    if (!viewer || !(await freshRenders.tryConsume(request.ip))) return null;
    const { token } = await app.accessTokens.sign(viewer);
    const rendered = await render(request, page, template, null, { role: viewer.role, accessToken: token });
    return rendered && { ...rendered, isPrivate: true as const };
  };

  /**
   * The page at `url` rendered with its data, or null (not such a page, no hint, nobody to render a
   * private page for, or a call failed or was refused). `isPrivate`: one person's page.
   */
  const renderedPage = async (
    request: FastifyRequest,
    url: string,
  ): Promise<(CachedPage & { isPrivate?: true }) | null> => {
    if (!renderer) return null;
    const address = url.length > 1 ? url.replace(/\/+$/, '') : url;
    const pattern = Object.entries(manifest?.renderedPages ?? {}).find(([known]) => matchesPattern(address, known));
    if (!pattern) return null;
    const template = themedFile(manifest, pattern[1], request.cookies[themeCookie]);
    const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    const page = canonicalPage(address, search, renderedPageQueryParams[pattern[0]] ?? []);
    if (renderedForViewer.has(pattern[0])) return privatePage(request, page, template);
    if (!mayRender(request, pattern[0])) return null;
    const key = `${template} ${page}`;
    const cached = renderedPages.get(key);
    if (cached) return cached;
    let pending = rendering.get(key);
    if (!pending) {
      if (!(await freshRenders.tryConsume(request.ip))) return null;
      // Another request may have started it while the count was taken.
      pending = rendering.get(key);
    }
    if (!pending) {
      pending = render(request, page, template, key).finally(() => rendering.delete(key));
      rendering.set(key, pending);
    }
    return pending;
  };

  /** Answers a page address: rendered with its data, prerendered, a frame, or the 404 page. */
  const sendPage = async (request: FastifyRequest, reply: FastifyReply, url: string) => {
    reply.header('cache-control', 'no-cache').header('vary', 'Accept-Encoding, Cookie');
    const rendered = await renderedPage(request, url);
    if (rendered !== null) {
      reply.code(200).type('text/html; charset=utf-8');
      // One person's page: no browser or cache keeps it, and it depends on the cookie.
      if (rendered.isPrivate) reply.header('cache-control', 'private, no-store');
      const policy = reply.getHeader('content-security-policy');
      if (rendered.styleHash && typeof policy === 'string')
        reply.header('content-security-policy', policyAllowingStyle(policy, rendered.styleHash));
      const encoding = preferredEncoding(request.headers['accept-encoding']);
      // Compressed once for everyone (the app's compression skips a body that says its encoding).
      return encoding
        ? reply.header('content-encoding', encoding).send(encodedRenderedPage(rendered, encoding))
        : reply.send(rendered.body);
    }
    const { file, status } = pageFor(manifest, url, request.url.includes('?'));
    return reply.code(status).sendFile(themedFile(manifest, file, request.cookies[themeCookie]), opts.webDistDir);
  };

  // The pages that may be rendered are routes of their own, so their HTML is compressed like the
  // API's JSON (@fastify/compress hooks into routes, not into the not-found handler below).
  if (renderer)
    for (const pattern of Object.keys(manifest?.renderedPages ?? {}))
      app.get(pattern, { schema: { hide: true } }, (request, reply) =>
        sendPage(request, reply, request.url.split('?')[0] ?? '/'),
      );

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const wantsPage =
      hasWeb &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !url.startsWith('/api/') &&
      url !== '/api' &&
      !url.startsWith('/uploads/') &&
      // A missing asset (an old hashed chunk) must 404, not answer HTML the browser cannot run.
      !path.extname(url);
    if (wantsPage) return sendPage(request, reply, url);
    const olderPicture = pictureWithoutItsCopy(url);
    if (olderPicture) return reply.redirect(olderPicture, 302);
    return sendError(reply, 404, 'not_found', url.startsWith('/api') ? messages.routeNotFound : messages.notFound);
  });
});
