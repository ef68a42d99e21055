import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { AuthProvider, RenderedSignedInContext } from '@/features/auth';
import { createQueryClient } from '@/lib/query-client';

// Toasts only follow what a person does on a page whose code loads later anyway: the toaster's code
// (and react-hot-toast) stays out of the first load. A toast raised meanwhile waits in its store.
const Toaster = lazy(() => import('@/components/ui/toaster').then((module) => ({ default: module.Toaster })));

/**
 * The query cache, who is signed in and the toasts, around every page. `isRenderedSignedIn`: the
 * page was rendered by the server for someone signed in (see RenderedSignedInContext).
 */
export function AppProviders({
  children,
  queryClient: given,
  isRenderedSignedIn = false,
}: {
  children: ReactNode;
  queryClient?: QueryClient | undefined;
  isRenderedSignedIn?: boolean;
}) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <RenderedSignedInContext value={isRenderedSignedIn}>
        <AuthProvider>
          {children}
          <Suspense fallback={null}>
            <Toaster />
          </Suspense>
        </AuthProvider>
      </RenderedSignedInContext>
    </QueryClientProvider>
  );
}
