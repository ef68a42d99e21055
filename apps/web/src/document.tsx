/**
 * The HTML document around each page the build writes and the server sends (decisions 0028, 0034,
 * 0047, 0049): rendered with React's server renderer, never pieced together from the built
 * index.html. index.html itself is only Vite's entry (and the development server's page).
 */

/** What a page's document loads, from the Vite manifest (scripts/prerender.mjs). */
export type DocumentAssets = {
  /** The entry script, and the chunks it imports (low priority: the HTML paints first, 0047). */
  entry: string;
  preloads: readonly string[];
  /** The stylesheet's text, inlined (its hash is in the CSP), or its file linked disabled. */
  style: { inline: string } | { criticalOf: string };
};

export type DocumentProps = {
  assets: DocumentAssets;
  /** The saved theme's class on <html> (none: the system's). */
  theme?: string;
  /** 'page': React takes the HTML over as it is; 'frame': the app renders the page over it. */
  kind: 'page' | 'frame';
  /** The app's HTML in #root (the page's own <title> at its start, where React writes it). */
  body: string;
  /** The document's title when the body carries none (a frame, a template). */
  title?: string;
  /** The page's own chunks and first API calls, fetched with the entry. */
  moreModules?: readonly string[];
  fetches?: readonly string[];
  /**
   * A template the server fills with a page rendered with its data (apps/api plugins/web.ts): a
   * signed-in page's (`true`), or a public page's, the same for visitors (`'forEveryone'`).
   */
  rendered?: true | 'forEveryone';
};

/** The site's title where a page names none. */
export const siteTitle = 'ReCell — buy and sell used phones';

/** The placeholders the API's web plugin fills in a rendered page's template. */
export const placeholders = {
  page: '<!--recell:page-->',
  data: '<!--recell:page-data-->',
  style: '<!--recell:style-->',
} as const;

/** `disabled` on a stylesheet link: React renders it, its types do not list it. */
const disabled = { disabled: true } as object;

export function Document({
  assets,
  theme,
  kind,
  body,
  title,
  moreModules = [],
  fetches = [],
  rendered,
}: DocumentProps) {
  const { style } = assets;
  return (
    <html lang="en" className={theme}>
      <head>
        <meta charSet="UTF-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="description" content="ReCell: buy and sell used mobile phones from Apple, Xiaomi and Samsung." />
        <meta name="color-scheme" content="light dark" />
        <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
        {title !== undefined && <title>{title}</title>}
        <script type="module" fetchPriority="low" crossOrigin="" src={`/${assets.entry}`} />
        {[...assets.preloads, ...moreModules].map((file) => (
          <link key={file} rel="modulepreload" fetchPriority="low" crossOrigin="" href={`/${file}`} />
        ))}
        {fetches.map((url) => (
          <link key={url} rel="preload" as="fetch" crossOrigin="" href={url} />
        ))}
        {'inline' in style ? (
          <style dangerouslySetInnerHTML={{ __html: style.inline }} />
        ) : (
          <>
            {/* The server puts the part of the stylesheet the page uses here; main.tsx enables the rest. */}
            <style dangerouslySetInnerHTML={{ __html: placeholders.style }} />
            <link rel="stylesheet" crossOrigin="" href={`/${style.criticalOf}`} {...disabled} />
          </>
        )}
      </head>
      <body>
        <div
          id="root"
          data-prerendered={kind}
          data-session={rendered === true ? 'signed-in' : undefined}
          dangerouslySetInnerHTML={{ __html: body }}
        />
        {rendered && (
          // The data the page was rendered with (lib/page-data.ts), filled in by the server.
          <script type="application/json" id="page-data" dangerouslySetInnerHTML={{ __html: placeholders.data }} />
        )}
        <noscript>ReCell needs JavaScript to run.</noscript>
      </body>
    </html>
  );
}
