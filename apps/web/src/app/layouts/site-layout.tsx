import { webTexts } from '@recell/contract';
import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { NavigationType, Outlet, useLocation, useNavigationType } from 'react-router';
import { PageErrorBoundary } from '@/components/errors/error-boundary';
import { useIsChunkLoading } from '@/lib/load-chunk';
import { SiteHeader } from './site-header';

// Below the fold on first load: its code (links, social icons) loads right after the first paint.
// If it cannot be loaded, the page goes on without a footer.
const SiteFooter = lazy<ComponentType>(() => import('./site-footer').catch(() => ({ default: () => null })));

/** New pages start at the top (or at their #fragment); back and forward keep the browser's scroll. */
function useScrollOnNavigate() {
  const { pathname, hash } = useLocation();
  const navigationType = useNavigationType();
  useEffect(() => {
    if (navigationType === NavigationType.Pop) return;
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [pathname, hash, navigationType]);
}

/**
 * A bar at the top while a page's code loads. Its own component: a change re-renders the bar only.
 * Were the layout to re-render while React takes over the prerendered page, the page's content,
 * whose code is still on its way, would be thrown away and drawn again from scratch.
 */
function ChunkLoadingBar() {
  const isChunkLoading = useIsChunkLoading();
  return isChunkLoading ? (
    <div className="fixed inset-x-0 top-0 z-50 h-1 animate-pulse bg-teal-600" aria-hidden="true" />
  ) : null;
}

/** The public layout: navigation, content, footer. */
export function SiteLayout() {
  const { pathname } = useLocation();
  useScrollOnNavigate();

  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-teal-700 px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {webTexts.skipToContent}
      </a>
      <ChunkLoadingBar />
      <SiteHeader />
      {/* At least a screen tall: the footer starts below the fold, so a page growing as its data
          arrives never pushes a visible footer down (a layout shift). */}
      <main id="main" tabIndex={-1} className="min-h-svh flex-1 focus:outline-none">
        <PageErrorBoundary key={pathname}>
          <Suspense
            fallback={
              <p className="min-h-[60vh]" role="status">
                <span className="sr-only">{webTexts.loading}</span>
              </p>
            }
          >
            <Outlet />
          </Suspense>
        </PageErrorBoundary>
      </main>
      <Suspense fallback={null}>
        <SiteFooter />
      </Suspense>
    </div>
  );
}
