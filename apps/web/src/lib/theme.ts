import { themeCookie } from '@recell/contract';
import { useCallback, useSyncExternalStore } from 'react';

/**
 * The colour theme. Until a person picks one, the system's applies through CSS alone (the `dark`
 * variant in index.css follows `prefers-color-scheme`), so no script runs before the first paint.
 * A pick is kept in a cookie the server reads to send the page with `class="dark"` or
 * `class="light"` on <html> (plugins/web.ts), so a returning visitor sees their theme at once.
 */
export type Theme = 'light' | 'dark';

const darkQuery = '(prefers-color-scheme: dark)';
const oneYearInSeconds = 31_536_000;

const pickedTheme = (): Theme | null => {
  const root = document.documentElement;
  if (root.classList.contains('dark')) return 'dark';
  if (root.classList.contains('light')) return 'light';
  return null;
};

export const currentTheme = (): Theme => pickedTheme() ?? (window.matchMedia(darkQuery).matches ? 'dark' : 'light');

const savedTheme = (): Theme | null => {
  const saved = new RegExp(`(?:^|; )${themeCookie}=(light|dark)`).exec(document.cookie)?.[1];
  return saved === 'light' || saved === 'dark' ? saved : null;
};

const listeners = new Set<() => void>();
const notify = () => {
  listeners.forEach((listener) => {
    listener();
  });
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  const query = window.matchMedia(darkQuery);
  // While nothing is picked, the system's changes apply (the CSS follows them by itself).
  query.addEventListener('change', listener);
  return () => {
    listeners.delete(listener);
    query.removeEventListener('change', listener);
  };
};

const applyTheme = (theme: Theme) => {
  document.documentElement.classList.toggle('dark', theme === 'dark');
  document.documentElement.classList.toggle('light', theme === 'light');
  notify();
};

/** A page the server could not theme (the development server) takes the saved pick on start. */
if (typeof document !== 'undefined') {
  const saved = savedTheme();
  if (saved && pickedTheme() !== saved) applyTheme(saved);
}

/** The theme in use and a toggle that keeps the other one as the person's pick. */
export function useTheme() {
  const theme = useSyncExternalStore(subscribe, currentTheme, () => 'light' as const);

  const toggle = useCallback(() => {
    const next: Theme = currentTheme() === 'dark' ? 'light' : 'dark';
    const secure = window.location.protocol === 'https:' ? '; Secure' : '';
    document.cookie = `${themeCookie}=${next}; Path=/; Max-Age=${oneYearInSeconds}; SameSite=Lax${secure}`;
    applyTheme(next);
  }, []);

  return { theme, toggle };
}
