export { BannerCarousel } from './components/banner-carousel';
export { WhyUsedPhones } from './components/why-used-phones';
