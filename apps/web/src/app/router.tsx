import { Route, Routes } from 'react-router';
import { NotFound } from '@/components/errors/not-found';
import { paths } from '@/config/paths';
import { lazyPage } from '@/lib/load-chunk';
import { SiteLayout } from './layouts/site-layout';
import { HomePage } from './routes/home';

// Route-level code splitting: every page but home is its own chunk, loaded on first visit.
const AboutPage = lazyPage(() => import('./routes/about'));
const BlogsPage = lazyPage(() => import('./routes/blogs'));
const LoginPage = lazyPage(() => import('./routes/login'));
const SignupPage = lazyPage(() => import('./routes/signup'));
const CategoryPage = lazyPage(() => import('./routes/category'));
const ProductPage = lazyPage(() => import('./routes/product'));
const ProfilePage = lazyPage(() => import('./routes/profile'));
const DashboardPage = lazyPage(() => import('./routes/dashboard'));

/** Patterns are relative to the layout route, so they are `paths.*.pattern` without the leading '/'. */
const p = (pattern: string) => pattern.replace(/^\//, '');

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<SiteLayout />}>
        <Route index element={<HomePage />} />
        <Route path={p(paths.homeAlias.pattern)} element={<HomePage />} />
        <Route path={p(paths.about.pattern)} element={<AboutPage />} />
        <Route path={p(paths.blogs.pattern)} element={<BlogsPage />} />
        <Route path={p(paths.login.pattern)} element={<LoginPage />} />
        <Route path={p(paths.signup.pattern)} element={<SignupPage />} />
        {/* The spec requires login for a category page; its guard arrives with sign-in. */}
        <Route path={p(paths.category.pattern)} element={<CategoryPage />} />
        <Route path={p(paths.product.pattern)} element={<ProductPage />} />
        <Route path={p(paths.profile.pattern)} element={<ProfilePage />} />
        <Route path={p(paths.dashboard.pattern)} element={<DashboardPage />} />
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
