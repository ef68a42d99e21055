/**
 * Whether this document came as a prerendered page (home, about, …, or a page the server rendered
 * with its data) that React takes over as it is, rather than the site's frame it renders afresh
 * (scripts/prerender.mjs and the server's web plugin mark #root).
 */
export const cameAsPrerenderedPage = () =>
  typeof document !== 'undefined' && document.getElementById('root')?.dataset.prerendered === 'page';

/** Whether that page was rendered by the server for someone signed in (see RenderedSignedInContext). */
export const cameAsSignedInPage = () =>
  cameAsPrerenderedPage() && document.getElementById('root')?.dataset.session === 'signed-in';

/**
 * A page the server rendered carries only the styles its own HTML uses, and links the whole
 * stylesheet disabled, so it does not hold up the page's first pictures (scripts/prerender.mjs).
 * Resolves once the whole stylesheet applies, so whatever the app shows next (a menu, a dialog,
 * the session's controls) is styled; at once for any other page.
 */
export const wholeStylesheet = (): Promise<void> => {
  const link = document.querySelector<HTMLLinkElement>('link[rel="stylesheet"][disabled]');
  if (!link) return Promise.resolve();
  return new Promise((resolve) => {
    link.addEventListener('load', () => resolve(), { once: true });
    link.addEventListener('error', () => resolve(), { once: true });
    link.removeAttribute('disabled');
  });
};
