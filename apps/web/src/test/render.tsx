import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { Toaster } from '@/components/ui/toaster';
import { AuthContext, AuthProvider, type AuthContextValue } from '@/features/auth';

export const signedOut: AuthContextValue = { status: 'signedOut', user: null, logout: async () => {} };

/** Shows where the app navigated to (its search and the location state it passed), for assertions. */
function LocationProbe() {
  const location = useLocation();
  return (
    <div data-testid="location" data-search={location.search} data-state={JSON.stringify(location.state ?? null)}>
      {location.pathname}
    </div>
  );
}

/**
 * Renders `ui` at `route` inside the app's providers: a fresh query client (no retries), a memory
 * router, the given auth state and the toaster.
 */
export function renderWithProviders(
  ui: ReactElement,
  { route = '/', auth = signedOut, path = '*' }: { route?: string; auth?: AuthContextValue; path?: string } = {},
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <AuthContext value={auth}>
        <MemoryRouter initialEntries={[route]}>
          <Routes>
            <Route path={path} element={children} />
          </Routes>
          <LocationProbe />
        </MemoryRouter>
        <Toaster />
      </AuthContext>
    </QueryClientProvider>
  );
  return render(ui, { wrapper });
}

/**
 * Renders `ui` at `route` with the real AuthProvider: the session starts from POST
 * /api/auth/refresh, so stub `fetch` (test/api-mock.ts) before rendering.
 */
export function renderWithSession(
  ui: ReactElement,
  { route = '/', path = '*' }: { route?: string; path?: string } = {},
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[route]}>
        <AuthProvider>
          <Routes>
            <Route path={path} element={children} />
          </Routes>
          <LocationProbe />
        </AuthProvider>
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>
  );
  return { queryClient, ...render(ui, { wrapper }) };
}
