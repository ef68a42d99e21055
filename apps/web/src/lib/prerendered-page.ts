/**
 * Whether this document came as a prerendered page (home, about, …) that React takes over as it
 * is, rather than the site's frame it renders afresh (scripts/prerender.mjs marks #root).
 */
export const cameAsPrerenderedPage = () =>
  typeof document !== 'undefined' && document.getElementById('root')?.dataset.prerendered === 'page';
