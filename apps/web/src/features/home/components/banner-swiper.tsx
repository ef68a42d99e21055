import 'swiper/css';
import { carousel, webTexts } from '@recell/contract';
import { useEffect, useRef, useState } from 'react';
import { A11y, Autoplay } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import type { Swiper as SwiperClass } from 'swiper/types';
import { PauseIcon, PlayIcon } from '@/components/icons';
import { BannerSlideView } from './banner-slide';
import { bannerSlides } from './banner-slides';

const prefersReducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * The spec's carousel: one slide, autoplay every 2000 ms, 1000 ms transition. It pauses while
 * hovered or focused, has a pause/play button, and starts paused (with instant transitions) when
 * the visitor prefers reduced motion.
 */
export default function BannerSwiper() {
  const [swiper, setSwiper] = useState<SwiperClass | null>(null);
  const [reducedMotion] = useState(prefersReducedMotion);
  const [isPlaying, setPlaying] = useState(!reducedMotion);
  const [activeIndex, setActiveIndex] = useState(0);

  // Keyboard users: the slides hold still while focus is inside the carousel.
  const frameRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const frame = frameRef.current;
    if (!frame || !swiper) return;
    const pause = () => {
      swiper.autoplay.pause();
    };
    const resume = (event: FocusEvent) => {
      if (!(event.relatedTarget instanceof Node && frame.contains(event.relatedTarget))) swiper.autoplay.resume();
    };
    frame.addEventListener('focusin', pause);
    frame.addEventListener('focusout', resume);
    return () => {
      frame.removeEventListener('focusin', pause);
      frame.removeEventListener('focusout', resume);
    };
  }, [swiper]);

  const togglePlaying = () => {
    if (!swiper) return;
    if (isPlaying) swiper.autoplay.stop();
    else swiper.autoplay.start();
    setPlaying(!isPlaying);
  };

  return (
    <div ref={frameRef} className="h-full">
      <Swiper
        className="h-full"
        modules={[Autoplay, A11y]}
        slidesPerView={carousel.slidesPerView}
        speed={reducedMotion ? 0 : carousel.transitionMs}
        rewind
        autoplay={{ delay: carousel.autoplayMs, disableOnInteraction: false, pauseOnMouseEnter: true }}
        a11y={{ containerMessage: null, containerRoleDescriptionMessage: null, itemRoleDescriptionMessage: 'slide' }}
        onSwiper={(instance) => {
          setSwiper(instance);
          if (reducedMotion) instance.autoplay.stop();
        }}
        onSlideChange={(instance) => {
          setActiveIndex(instance.realIndex);
        }}
      >
        {bannerSlides.map((slide, index) => (
          // Slides off the screen are out of reach of the keyboard and screen readers.
          <SwiperSlide key={slide.id} className="h-full" inert={index !== activeIndex}>
            <BannerSlideView slide={slide} isFirst={index === 0} />
          </SwiperSlide>
        ))}
      </Swiper>

      <div className="absolute top-3 right-3 z-10 flex items-center gap-1 rounded-full bg-slate-950/80 p-1 text-white">
        <button
          type="button"
          onClick={togglePlaying}
          className="flex size-11 items-center justify-center rounded-full hover:bg-white/15"
          aria-label={isPlaying ? webTexts.pauseSlideshow : webTexts.playSlideshow}
        >
          {isPlaying ? <PauseIcon className="size-5" /> : <PlayIcon className="size-5" />}
        </button>
        {bannerSlides.map((slide, index) => (
          <button
            key={slide.id}
            type="button"
            onClick={() => swiper?.slideTo(index)}
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
