/**
 * Responsive listing pictures from the URL alone. A stored picture is `…/<sha-256>.webp` (at most
 * 1600 px wide) with copies 400 and 800 px wide beside it (`…/<sha-256>-400.webp`, `-800.webp`;
 * a picture narrower than a copy stores its own pixels there, as the demo seed's 800 px ones do).
 * A phone's page shows its picture 328–560 px wide, so a phone (2–3× pixels) and a laptop both
 * take the 800 px copy, never the 1600 px original. Any other URL (an external or hand-made
 * picture) gets no srcset.
 */
const storedPicture = /^(.*\/[a-f0-9]{64})\.webp$/;

export function listingSrcSet(url: string): string | undefined {
  const match = storedPicture.exec(url);
  return match ? `${match[1]}-400.webp 400w, ${match[1]}-800.webp 800w, ${url} 1600w` : undefined;
}

/**
 * A thumbnail's picture (64–80 px): the 400 px copy, enough for any screen's pixel density, so it
 * needs no srcset; any other URL as it is.
 */
export function thumbnailUrl(url: string): string {
  const match = storedPicture.exec(url);
  return match ? `${match[1]}-400.webp` : url;
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
