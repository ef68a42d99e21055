import { webTexts } from '@recell/contract';
import { useTheme } from '@/lib/theme';
import { MoonIcon, SunIcon } from './icons';

/** The button that switches theme, named by what it switches to: 'Dark mode', or 'Light mode' while dark. */
export function ThemeToggle({ className = '' }: { className?: string }) {
  const { theme, toggle } = useTheme();
  const isDark = theme === 'dark';
  return (
    <button
      type="button"
      onClick={toggle}
      className={`btn gap-2 px-3 text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800 ${className}`}
    >
      {isDark ? <SunIcon className="size-5" /> : <MoonIcon className="size-5" />}
      <span>{isDark ? webTexts.lightMode : webTexts.darkMode}</span>
    </button>
  );
}
