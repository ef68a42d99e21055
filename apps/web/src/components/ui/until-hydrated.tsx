import type { ReactNode } from 'react';
import { useIsHydrated } from '@/lib/use-is-hydrated';

/**
 * Controls that wait for React to take a page's HTML over: disabled in HTML rendered on the server
 * and during the take-over, enabled right after. A choice made before would be lost (React puts a
 * control back to its state) or sent by the browser as a plain form. A component of its own: the
 * switch re-renders it alone, not the page around it. `display: contents` keeps its children in
 * their parent's layout.
 */
export function UntilHydrated({ children }: { children: ReactNode }) {
  const isHydrated = useIsHydrated();
  return (
    // Only a wrapper: no group for screen readers to announce.
    <fieldset role="presentation" disabled={!isHydrated} className="contents">
      {children}
    </fieldset>
  );
}
