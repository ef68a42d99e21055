import { Suspense } from 'react';
import { CategoriesFrame, CategoriesSkeleton } from '@/features/catalogue';
import { BannerCarousel } from '@/features/home';
import { lazyPage } from '@/lib/load-chunk';

// Below the banner, the categories and advertised grids wait for API data anyway; their code
// (API client, response schemas) loads in parallel instead of in the first-load bundle.
const HomeSections = lazyPage(() => import('./home-sections'));

export function HomePage() {
  return (
    <>
      <title>ReCell — buy and sell used phones</title>
      <h1 className="sr-only">ReCell: buy and sell used phones</h1>
      <BannerCarousel />
      <Suspense
        fallback={
          <CategoriesFrame>
            <CategoriesSkeleton />
          </CategoriesFrame>
        }
      >
        <HomeSections />
      </Suspense>
    </>
  );
}
