import { webTexts } from '@recell/contract';
import { useTheme } from '@/lib/theme';
import { MoonIcon, SunIcon } from './icons';

/** A toggle button named 'Dark mode'; pressed while the dark theme is on. */
export function ThemeToggle({ className = '' }: { className?: string }) {
  const { theme, toggle } = useTheme();
  const isDark = theme === 'dark';
  return (
    <button
      type="button"
      aria-pressed={isDark}
      onClick={toggle}
      className={`btn gap-2 px-3 text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800 ${className}`}
    >
      {isDark ? <SunIcon className="size-5" /> : <MoonIcon className="size-5" />}
      <span>{webTexts.darkMode}</span>
    </button>
  );
}
