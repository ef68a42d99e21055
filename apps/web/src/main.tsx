import './index.css';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './app/providers';
import { AppRoutes } from './app/router';
import { restoreSession } from './features/auth';
import { reportWhenSampled } from './features/web-vitals';
import { seedPageData } from './lib/page-data';
import { cameAsPrerenderedPage, cameAsSignedInPage, wholeStylesheet } from './lib/prerendered-page';
import { createQueryClient } from './lib/query-client';

// Every document the build writes has #root (document.tsx); without it React's own error says so.
const root = document.getElementById('root')!;

// The session's refresh starts before the first render, so a page's data can be asked for sooner.
restoreSession();

// A sampled visit reports its Core Web Vitals, with code loaded after the page (decision 0081).
reportWhenSampled(__WEB_VITALS_SAMPLE_RATE__);

// A page the server rendered with its data carries that data: the first render uses it, as the server did.
const queryClient = createQueryClient();
seedPageData(queryClient);

const app = (
  <StrictMode>
    <BrowserRouter>
      <AppProviders queryClient={queryClient} isRenderedSignedIn={cameAsSignedInPage()}>
        <AppRoutes />
      </AppProviders>
    </BrowserRouter>
  </StrictMode>
);

// A prerendered page (home, about, blogs, login, sign-up, 404, or one the server rendered): React takes its HTML over, as a
// transition, so the work is cut into slices a slow phone can answer a tap between. Whatever
// arrives meanwhile (the session, data) is applied after the take-over (see AuthProvider). Any
// other page: the HTML is the site's frame, shown while the code loads, then rendered afresh.
// A page the server rendered waits for the whole stylesheet (its own HTML carries only its part).
if (cameAsPrerenderedPage())
  void wholeStylesheet().then(() =>
    startTransition(() => {
      hydrateRoot(root, app);
    }),
  );
else
  startTransition(() => {
    createRoot(root).render(app);
  });
