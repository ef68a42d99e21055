import { useCallback, useEffect, useSyncExternalStore } from 'react';

/** Same key and values as public/theme.js, which applies the theme before the first paint. */
const themeStorageKey = 'recell-theme';
export type Theme = 'light' | 'dark';

const darkQuery = '(prefers-color-scheme: dark)';

const readSavedTheme = (): Theme | null => {
  try {
    const saved = localStorage.getItem(themeStorageKey);
    return saved === 'light' || saved === 'dark' ? saved : null;
  } catch {
    return null;
  }
};

const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/** The theme is the `dark` class on <html>: public/theme.js sets it before the first paint. */
const currentTheme = (): Theme => (document.documentElement.classList.contains('dark') ? 'dark' : 'light');

const applyTheme = (theme: Theme) => {
  document.documentElement.classList.toggle('dark', theme === 'dark');
  listeners.forEach((listener) => {
    listener();
  });
};

/**
 * The colour theme: the system's until the user picks one with `toggle`, which is then kept in
 * localStorage (the only thing stored). While no choice is saved, system changes apply live.
 * Prerendered HTML knows no theme: it says light, and the page corrects itself once it runs.
 */
export function useTheme() {
  const theme = useSyncExternalStore(subscribe, currentTheme, () => 'light' as const);

  useEffect(() => {
    const query = window.matchMedia(darkQuery);
    const onChange = (event: MediaQueryListEvent) => {
      if (readSavedTheme() === null) applyTheme(event.matches ? 'dark' : 'light');
    };
    query.addEventListener('change', onChange);
    return () => {
      query.removeEventListener('change', onChange);
    };
  }, []);

  const toggle = useCallback(() => {
    const next: Theme = currentTheme() === 'dark' ? 'light' : 'dark';
    try {
      localStorage.setItem(themeStorageKey, next);
    } catch {
      // storage unavailable (private mode): the choice lasts for this page only
    }
    applyTheme(next);
  }, []);

  return { theme, toggle };
}
