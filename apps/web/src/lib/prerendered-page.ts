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
