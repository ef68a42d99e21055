import { AdvertisedSection, CategoriesSection } from '@/features/catalogue';
import { WhyUsedPhones } from '@/features/home';

/**
 * The home page below the banner, in its own chunk: the data-driven grids bring the API client and
 * response schemas, which the first load does without.
 */
export default function HomeSections() {
  return (
    <>
      <CategoriesSection />
      <AdvertisedSection />
      <WhyUsedPhones />
    </>
  );
}
