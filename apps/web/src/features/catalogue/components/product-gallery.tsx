import { photoTexts, type ProductPhoto } from '@recell/contract';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { listingSrcSet, productDetailsSizes } from '@/lib/responsive-image';

/** Fetched on first use only (opening, or a pointer or focus on the picture shortly before). */
const loadLightbox = () => import('./photo-lightbox');
const PhotoLightbox = lazy(loadLightbox);

/**
 * The details page's photos: the main picture (the page's largest paint: loaded at once, never
 * lazily), a thumbnail per photo to show it instead, and the main picture opens them full screen
 * (keyboard, swipe and zoom) in a lightbox whose code loads only then.
 */
export function ProductGallery({
  name,
  photos,
  overlay,
}: {
  name: string;
  photos: readonly ProductPhoto[];
  /** Shown over the main picture (the Sold mark). */
  overlay?: ReactNode;
}) {
  const [shown, setShown] = useState(0);
  const [isOpen, setIsOpen] = useState(false);
  const current = photos[Math.min(shown, photos.length - 1)]!;
  const srcSet = listingSrcSet(current.url);
  const count = photos.length;
  const preload = () => void loadLightbox();

  return (
    <div className="min-w-0">
      <div className="relative">
        <button
          type="button"
          className="group block w-full cursor-zoom-in rounded-2xl focus-visible:outline-offset-4"
          onClick={() => setIsOpen(true)}
          onPointerEnter={preload}
          onFocus={preload}
        >
          <img
            src={current.url}
            srcSet={srcSet}
            sizes={srcSet ? productDetailsSizes : undefined}
            alt={photoTexts.photoOf(name, shown + 1, count)}
            width={800}
            height={800}
            decoding="async"
            fetchPriority="high"
            className="aspect-square w-full rounded-2xl bg-slate-100 object-cover dark:bg-slate-800"
          />
          <span className="absolute right-3 bottom-3 rounded-full bg-slate-900/80 px-3 py-1 text-sm font-semibold text-white group-hover:bg-slate-900">
            {photoTexts.openFullScreen}
          </span>
        </button>
        {overlay}
      </div>
      {count > 1 && (
        <ul className="mt-3 flex gap-2 overflow-x-auto pb-1" aria-label={photoTexts.galleryLabel}>
          {photos.map((photo, index) => (
            <li key={photo.url} className="shrink-0">
              <button
                type="button"
                aria-label={photoTexts.showPhoto(index + 1, count)}
                aria-pressed={index === shown}
                onClick={() => setShown(index)}
                className="block rounded-lg border-2 border-transparent p-0.5 aria-pressed:border-teal-700 dark:aria-pressed:border-teal-300"
              >
                <img
                  src={photo.url}
                  srcSet={listingSrcSet(photo.url)}
                  sizes="80px"
                  alt=""
                  width={80}
                  height={80}
                  loading="lazy"
                  decoding="async"
                  className="size-16 rounded-md bg-slate-100 object-cover sm:size-20 dark:bg-slate-800"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
      {isOpen && (
        <Suspense fallback={null}>
          <PhotoLightbox name={name} photos={photos} index={shown} onClose={() => setIsOpen(false)} onView={setShown} />
        </Suspense>
      )}
    </div>
  );
}
