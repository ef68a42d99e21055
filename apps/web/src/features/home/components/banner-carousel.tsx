import { webTexts } from '@recell/contract';
import { lazy, Suspense, useEffect, useState } from 'react';
import { BannerSlideView } from './banner-slide';
import { bannerSlides } from './banner-slides';

const StaticBanner = () => <BannerSlideView slide={bannerSlides[0]} isFirst />;

// The slideshow is not part of the first load: the first slide shows as a plain image right away
// and the slideshow takes over once the page is idle. If its code cannot be loaded, the first slide stays.
const BannerSlideshow = lazy(() => import('./banner-slideshow').catch(() => ({ default: StaticBanner })));

const whenIdle = (callback: () => void) => {
  if ('requestIdleCallback' in window) {
    const id = window.requestIdleCallback(callback, { timeout: 2000 });
    return () => {
      window.cancelIdleCallback(id);
    };
  }
  const id = setTimeout(callback, 200);
  return () => {
    clearTimeout(id);
  };
};

/** Home: the rotating banner (a labelled region; sizes fixed so nothing shifts when it starts). */
export function BannerCarousel() {
  const [isReady, setReady] = useState(false);
  useEffect(
    () =>
      whenIdle(() => {
        setReady(true);
      }),
    [],
  );

  return (
    <section
      aria-roledescription="carousel"
      aria-label={webTexts.bannerRegion}
      className="relative mx-auto aspect-[4/3] w-full max-w-7xl overflow-hidden bg-slate-900 sm:aspect-[2/1] sm:rounded-b-2xl lg:aspect-[12/5]"
    >
      {isReady ? (
        <Suspense fallback={<StaticBanner />}>
          <BannerSlideshow />
        </Suspense>
      ) : (
        <StaticBanner />
      )}
    </section>
  );
}
