import { webTexts } from '@recell/contract';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** The public layout: navigation, content, footer. */
export function SiteLayout() {
  const navigation = useNavigation();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-teal-700 px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {webTexts.skipToContent}
      </a>
      {navigation.state !== 'idle' && (
        <div className="fixed inset-x-0 top-0 z-50 h-1 animate-pulse bg-teal-600" aria-hidden="true" />
      )}
      <SiteHeader />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      <SiteFooter />
      <ScrollRestoration />
    </div>
  );
}
