import Lightbox from 'yet-another-react-lightbox';
import Fullscreen from 'yet-another-react-lightbox/plugins/fullscreen';
import Thumbnails from 'yet-another-react-lightbox/plugins/thumbnails';
import Zoom from 'yet-another-react-lightbox/plugins/zoom';
// Bundled into this lazy chunk's stylesheet, loaded from our origin (the CSP allows no inline <style>).
import 'yet-another-react-lightbox/styles.css';
import 'yet-another-react-lightbox/plugins/thumbnails.css';
import { photoTexts, type ProductPhoto } from '@recell/contract';
import { listingSrcSet } from '@/lib/responsive-image';

/**
 * A listing's photos full screen (yet-another-react-lightbox): arrow keys and swipes move between
 * them, Escape closes, pinch, wheel or double click zooms. Its own chunk, loaded only when a
 * visitor opens it, so the details page's first paint does not carry it.
 */
export default function PhotoLightbox({
  name,
  photos,
  index,
  onClose,
  onView,
}: {
  name: string;
  photos: readonly ProductPhoto[];
  index: number;
  onClose: () => void;
  /** The photo shown now, so the page's gallery shows it too when the lightbox closes. */
  onView: (index: number) => void;
}) {
  const slides = photos.map((photo, n) => {
    const small = listingSrcSet(photo.url) ? photo.url.replace(/\.webp$/, '-400.webp') : undefined;
    return {
      src: photo.url,
      alt: photoTexts.photoOf(name, n + 1, photos.length),
      // As listingSrcSet describes them: the 400 px copy, and the main picture as 800w (the
      // browser takes it whenever 400 px is too few; an upload's main picture is up to 1600 px).
      ...(small
        ? {
            srcSet: [
              { src: small, width: 400, height: 400 },
              { src: photo.url, width: 800, height: 800 },
            ],
          }
        : {}),
    };
  });
  return (
    <Lightbox
      open
      close={onClose}
      index={index}
      slides={slides}
      plugins={[Zoom, Fullscreen, Thumbnails]}
      labels={{ Lightbox: name }}
      on={{ view: ({ index: shown }) => onView(shown) }}
      // The first and last photo are ends, not a loop: a loop repeats photos in the thumbnail strip.
      carousel={{ finite: true }}
      controller={{ closeOnBackdropClick: true }}
      thumbnails={{ width: 80, height: 80, border: 1, borderRadius: 6, padding: 0, gap: 8 }}
    />
  );
}
