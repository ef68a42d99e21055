import { bannerSize, type BannerSlide } from './banner-slides';

/** One banner: the image fills the frame, the headline sits on a dark panel (contrast in any theme). */
export function BannerSlideView({ slide, isFirst }: { slide: BannerSlide; isFirst: boolean }) {
  return (
    <div className="relative h-full w-full">
      <img
        src={slide.imageUrl}
        alt={slide.alt}
        width={bannerSize.width}
        height={bannerSize.height}
        loading={isFirst ? 'eager' : 'lazy'}
        fetchPriority={isFirst ? 'high' : 'auto'}
        decoding={isFirst ? 'sync' : 'async'}
        className="absolute inset-0 h-full w-full object-cover object-right"
      />
      <div className="absolute inset-x-3 bottom-3 max-w-xl rounded-xl bg-slate-950/80 p-4 text-white sm:inset-x-auto sm:bottom-auto sm:top-1/2 sm:left-8 sm:-translate-y-1/2 sm:p-6 lg:left-12">
        <p className="text-xl font-extrabold leading-tight sm:text-3xl lg:text-4xl">{slide.headline}</p>
        <p className="mt-2 text-sm text-slate-100 sm:text-base">{slide.text}</p>
      </div>
    </div>
  );
}
