/** The ReCell word mark; its text is the name of the link that wraps it. `inverted` for dark backgrounds. */
export function Logo({ inverted = false }: { inverted?: boolean }) {
  return (
    <span
      className={`flex items-center gap-2 text-xl font-extrabold tracking-tight ${
        inverted ? 'text-white' : 'text-slate-900 dark:text-white'
      }`}
    >
      <svg viewBox="0 0 32 32" width={32} height={32} aria-hidden="true" focusable="false" className="size-8">
        <rect width="32" height="32" rx="7" className="fill-teal-700" />
        <rect x="10" y="5" width="12" height="22" rx="2.5" fill="none" stroke="#fff" strokeWidth="2" />
        <circle cx="16" cy="23" r="1.3" fill="#fff" />
      </svg>
      <span>
        Re<span className={inverted ? 'text-teal-300' : 'text-teal-700 dark:text-teal-300'}>Cell</span>
      </span>
    </span>
  );
}
