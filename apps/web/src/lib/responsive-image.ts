/**
 * Responsive listing pictures from the URL alone. A stored picture is `…/<sha-256>.webp` with a
 * 400 px wide copy beside it (`…/<sha-256>-400.webp`); uploads also have an 800 px one, the demo
 * seed does not, so the srcset offers the 400 px copy and the main picture (800 px in the seed, up
 * to 1600 px for uploads: described as 800w, the browser picks it whenever 400 px is too small).
 * Any other URL (an external or hand-made picture) gets no srcset.
 */
const storedPicture = /^(.*\/[a-f0-9]{64})\.webp$/;

export function listingSrcSet(url: string): string | undefined {
  const match = storedPicture.exec(url);
  return match ? `${match[1]}-400.webp 400w, ${url} 800w` : undefined;
}

/**
 * A card's width in the 1 / 2 / 3 column grids (max-w-7xl with px-4, gap-6; Tailwind's sm and lg
 * breakpoints): the whole row on phones, half from 640 px, a third from 1024 px, 400 px at most.
 */
export const productGridSizes =
  '(min-width: 1280px) 400px, (min-width: 1024px) calc((100vw - 80px) / 3), (min-width: 640px) calc((100vw - 56px) / 2), calc(100vw - 32px)';

/** The details page's picture: the full column on phones, half of max-w-6xl from 768 px. */
export const productDetailsSizes =
  '(min-width: 1152px) 560px, (min-width: 768px) calc((100vw - 64px) / 2), calc(100vw - 32px)';
