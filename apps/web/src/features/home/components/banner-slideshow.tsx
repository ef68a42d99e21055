import { carousel, webTexts } from '@recell/contract';
import useEmblaCarousel from 'embla-carousel-react';
import { useEffect, useState } from 'react';
import { PauseIcon, PlayIcon } from '@/components/content-icons';
import { BannerSlideView } from './banner-slide';
import { bannerSlides } from './banner-slides';

const prefersReducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * Embla moves with a spring rather than a timed curve; this `duration` settles a slide in about
 * the spec's 1000 ms (measured in Chromium).
 */
const emblaDuration = 30;

/**
 * The spec's carousel: one slide, autoplay every 2000 ms, a 1000 ms transition, swipe on touch
 * screens. It holds still while hovered or focused, or once paused with its button, and starts
 * paused (moving without animation) when the visitor prefers reduced motion.
 */
export default function BannerSlideshow() {
  const [reducedMotion] = useState(prefersReducedMotion);
  const [viewportRef, embla] = useEmblaCarousel({ duration: reducedMotion ? 0 : emblaDuration });
  const [isPlaying, setPlaying] = useState(!reducedMotion);
  const [isHeld, setHeld] = useState({ hover: false, focus: false, drag: false });
  const [activeIndex, setActiveIndex] = useState(0);

  useEffect(() => {
    if (!embla) return;
    const onSelect = () => {
      setActiveIndex(embla.selectedScrollSnap());
    };
    const onPointerDown = () => {
      setHeld((held) => ({ ...held, drag: true }));
    };
    const onPointerUp = () => {
      setHeld((held) => ({ ...held, drag: false }));
    };
    embla.on('select', onSelect).on('pointerDown', onPointerDown).on('pointerUp', onPointerUp);
    return () => {
      embla.off('select', onSelect).off('pointerDown', onPointerDown).off('pointerUp', onPointerUp);
    };
  }, [embla]);

  // Autoplay, back to the first slide after the last: the timer starts again after every change of
  // slide, so each slide gets its full time.
  const moves = embla && isPlaying && !isHeld.hover && !isHeld.focus && !isHeld.drag;
  useEffect(() => {
    if (!moves) return;
    const timer = setTimeout(() => {
      if (embla.canScrollNext()) embla.scrollNext();
      else embla.scrollTo(0);
    }, carousel.autoplayMs);
    return () => {
      clearTimeout(timer);
    };
  }, [moves, embla, activeIndex]);

  return (
    <div
      className="h-full"
      onMouseEnter={() => {
        setHeld((held) => ({ ...held, hover: true }));
      }}
      onMouseLeave={() => {
        setHeld((held) => ({ ...held, hover: false }));
      }}
      onFocus={() => {
        setHeld((held) => ({ ...held, focus: true }));
      }}
      onBlur={(event) => {
        if (!(event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget)))
          setHeld((held) => ({ ...held, focus: false }));
      }}
    >
      <div ref={viewportRef} className="h-full overflow-hidden">
        <div className="flex h-full touch-pan-y">
          {bannerSlides.map((slide, index) => (
            // Slides off the screen are out of reach of the keyboard and screen readers.
            <div
              key={slide.id}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} / ${bannerSlides.length}`}
              className="h-full min-w-0 shrink-0 grow-0 basis-full"
              inert={index !== activeIndex}
            >
              <BannerSlideView slide={slide} isFirst={index === 0} />
            </div>
          ))}
        </div>
      </div>

      <div className="absolute top-3 right-3 z-10 flex items-center gap-1 rounded-full bg-slate-950/80 p-1 text-white">
        <button
          type="button"
          onClick={() => {
            setPlaying(!isPlaying);
          }}
          className="flex size-11 items-center justify-center rounded-full hover:bg-white/15"
          aria-label={isPlaying ? webTexts.pauseSlideshow : webTexts.playSlideshow}
        >
          {isPlaying ? <PauseIcon className="size-5" /> : <PlayIcon className="size-5" />}
        </button>
        {bannerSlides.map((slide, index) => (
          <button
            key={slide.id}
            type="button"
            onClick={() => embla?.scrollTo(index)}
            aria-label={`Slide ${index + 1} of ${bannerSlides.length}: ${slide.headline}`}
            aria-current={activeIndex === index ? 'true' : undefined}
            className="flex size-11 items-center justify-center rounded-full hover:bg-white/15"
          >
            <span
              className={`block size-2.5 rounded-full ${activeIndex === index ? 'bg-white' : 'border border-white bg-transparent'}`}
            />
          </button>
        ))}
      </div>
    </div>
  );
}
