import { useCallback, useEffect, useState } from 'react';

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

const systemTheme = (): Theme => (window.matchMedia(darkQuery).matches ? 'dark' : 'light');

const applyTheme = (theme: Theme) => document.documentElement.classList.toggle('dark', theme === 'dark');

/**
 * The colour theme: the system's until the user picks one with `toggle`, which is then kept in
 * localStorage (the only thing stored). While no choice is saved, system changes apply live.
 */
export function useTheme() {
  const [theme, setTheme] = useState<Theme>(() => readSavedTheme() ?? systemTheme());

  useEffect(() => {
    applyTheme(theme);
  }, [theme]);

  useEffect(() => {
    const query = window.matchMedia(darkQuery);
    const onChange = (event: MediaQueryListEvent) => {
      if (readSavedTheme() === null) setTheme(event.matches ? 'dark' : 'light');
    };
    query.addEventListener('change', onChange);
    return () => {
      query.removeEventListener('change', onChange);
    };
  }, []);

  const toggle = useCallback(() => {
    setTheme((current) => {
      const next: Theme = current === 'dark' ? 'light' : 'dark';
      try {
        localStorage.setItem(themeStorageKey, next);
      } catch {
        // storage unavailable (private mode): the choice lasts for this page only
      }
      return next;
    });
  }, []);

  return { theme, toggle };
}
