import banner1 from '@/assets/banners/banner-1.svg';
import banner2 from '@/assets/banners/banner-2.svg';
import banner3 from '@/assets/banners/banner-3.svg';

export type BannerSlide = { id: string; imageUrl: string; alt: string; headline: string; text: string };

/** Intrinsic size of the banner images (they are drawn at 1200 × 500). */
export const bannerSize = { width: 1200, height: 500 } as const;

export const bannerSlides: readonly [BannerSlide, ...BannerSlide[]] = [
  {
    id: 'buy',
    imageUrl: banner1,
    alt: 'Three used smartphones with bright screens, one showing a check mark',
    headline: 'Buy used phones you can trust',
    text: 'Apple, Xiaomi and Samsung phones from verified sellers, for a fraction of the price of a new one.',
  },
  {
    id: 'sell',
    imageUrl: banner2,
    alt: 'A smartphone showing a listing, next to a price tag and gold coins',
    headline: 'Sell your old phone in minutes',
    text: 'Add a photo and a price, advertise it on the home page and meet buyers near you.',
  },
  {
    id: 'planet',
    imageUrl: banner3,
    alt: 'A smartphone showing a green leaf inside a recycling circle',
    headline: 'Good for your wallet, good for the planet',
    text: 'Every phone that gets a second life means less e-waste and one less new device to make.',
  },
];
