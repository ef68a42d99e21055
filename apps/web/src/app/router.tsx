import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useRef } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { RequireAuth } from '@/features/auth';
import { lazyPage } from '@/lib/load-chunk';
import { cameAsPrerenderedPage } from '@/lib/prerendered-page';
import { SiteLayout } from './layouts/site-layout';
import { HomePage } from './routes/home';

// Route-level code splitting: every page but home is its own chunk, loaded on first visit.
const AboutPage = lazyPage(() => import('./routes/about'));
const BlogsPage = lazyPage(() => import('./routes/blogs'));
const LoginPage = lazyPage(() => import('./routes/login'));
const SignupPage = lazyPage(() => import('./routes/signup'));
const ForgotPasswordPage = lazyPage(() => import('./routes/forgot-password'));
const ResetPasswordPage = lazyPage(() => import('./routes/reset-password'));
const ConfirmEmailPage = lazyPage(() => import('./routes/confirm-email'));
const CheckYourEmailPage = lazyPage(() => import('./routes/check-your-email'));
const CategoryPage = lazyPage(() => import('./routes/category'));
const ProductPage = lazyPage(() => import('./routes/product'));
const SearchPage = lazyPage(() => import('./routes/search'));
const SellerPage = lazyPage(() => import('./routes/seller'));
const ProfilePage = lazyPage(() => import('./routes/profile'));
const AuthCompletePage = lazyPage(() => import('./routes/auth-complete'));
const NotificationsPage = lazyPage(() => import('./routes/notifications'));
const UnsubscribePage = lazyPage(() => import('./routes/unsubscribe'));
// The 404 page too: few visitors need it, and it brings the spec's message catalogue.
const NotFound = lazyPage(() => import('@/components/errors/not-found'));
// The dashboard declares its own routes (layout, role guards, pages) inside its chunk.
const DashboardRoutes = lazyPage(() => import('./routes/dashboard/dashboard-routes'));

/** Patterns are relative to the layout route, so they are `paths.*.pattern` without the leading '/'. */
const p = (pattern: string) => pattern.replace(/^\//, '');

/**
 * Starts each page's data as soon as its address is known, while the page's code downloads (in a
 * chunk of its own: the first load stays small). On a prerendered first page the data waits for
 * React to have taken the HTML over (see route-data.ts).
 */
function usePrefetchRouteData() {
  const { pathname, search } = useLocation();
  const queryClient = useQueryClient();
  const isFirstPage = useRef(true);
  useEffect(() => {
    const wasPrerendered = isFirstPage.current && cameAsPrerenderedPage();
    isFirstPage.current = false;
    import('./route-data')
      .then((module) => module.prefetchRouteData(queryClient, { pathname, search, isPrerendered: wasPrerendered }))
      .catch(() => undefined); // the page asks for its data itself
  }, [pathname, search, queryClient]);
}

export function AppRoutes() {
  usePrefetchRouteData();
  return (
    <Routes>
      {/* Where a social sign-in lands: no site chrome (it is often a popup that closes at once). */}
      <Route
        path={p(paths.authComplete.pattern)}
        element={
          <Suspense fallback={<Spinner />}>
            <AuthCompletePage />
          </Suspense>
        }
      />
      <Route element={<SiteLayout />}>
        <Route index element={<HomePage />} />
        <Route path={p(paths.homeAlias.pattern)} element={<HomePage />} />
        <Route path={p(paths.about.pattern)} element={<AboutPage />} />
        <Route path={p(paths.blogs.pattern)} element={<BlogsPage />} />
        <Route path={p(paths.login.pattern)} element={<LoginPage />} />
        <Route path={p(paths.signup.pattern)} element={<SignupPage />} />
        <Route path={p(paths.forgotPassword.pattern)} element={<ForgotPasswordPage />} />
        <Route path={p(paths.resetPassword.pattern)} element={<ResetPasswordPage />} />
        <Route path={p(paths.confirmEmail.pattern)} element={<ConfirmEmailPage />} />
        <Route path={p(paths.unsubscribe.pattern)} element={<UnsubscribePage />} />
        {/* A phone's page and a seller's page open from a shared link; their actions ask to log in. */}
        <Route path={p(paths.product.pattern)} element={<ProductPage />} />
        <Route path={p(paths.seller.pattern)} element={<SellerPage />} />
        {/* Signed-in users only (docs/product.md, Screens); visitors go to login, told why, and come back. */}
        <Route element={<RequireAuth reason="brand" />}>
          <Route path={p(paths.category.pattern)} element={<CategoryPage />} />
        </Route>
        <Route element={<RequireAuth reason="search" />}>
          <Route path={p(paths.search.pattern)} element={<SearchPage />} />
        </Route>
        <Route element={<RequireAuth />}>
          <Route path={p(paths.profile.pattern)} element={<ProfilePage />} />
          <Route path={p(paths.checkEmail.pattern)} element={<CheckYourEmailPage />} />
          <Route path={p(paths.notifications.pattern)} element={<NotificationsPage />} />
          <Route path={`${p(paths.dashboard.pattern)}/*`} element={<DashboardRoutes />} />
        </Route>
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
