import { toastDefaults } from '@recell/contract';
import { useEffect, useRef } from 'react';
import { resolveValue, useToaster, type Toast } from 'react-hot-toast/headless';

/**
 * Toast durations of the spec: success 2000 ms, error and plain 4000 ms; loading toasts never time
 * out (react-hot-toast's own default for loading is Infinity, see its src/core/store.ts
 * `defaultTimeouts`). At most 20 are shown at once: react-hot-toast's built-in TOAST_LIMIT = 20
 * (same file), which equals `toastDefaults.maxVisible`.
 */
const toastOptions = {
  success: { duration: toastDefaults.successMs },
  error: { duration: toastDefaults.errorMs },
  blank: { duration: toastDefaults.plainMs },
  loading: { duration: Infinity },
};

const tone: Record<Toast['type'], string> = {
  success: 'border-l-emerald-600',
  error: 'border-l-red-600',
  loading: 'border-l-slate-400',
  blank: 'border-l-teal-600',
  custom: 'border-l-teal-600',
};

/** Renders react-hot-toast's toasts with our own classes (no injected styles, see lib/toast.ts). */
export function Toaster() {
  const { toasts, handlers } = useToaster(toastOptions);
  const { startPause, endPause } = handlers;

  // Toasts wait while the pointer rests on them.
  const containerRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    container.addEventListener('mouseenter', startPause);
    container.addEventListener('mouseleave', endPause);
    return () => {
      container.removeEventListener('mouseenter', startPause);
      container.removeEventListener('mouseleave', endPause);
    };
  }, [startPause, endPause]);

  // At the bottom, the newest nearest the edge (centred on phones, to the right from md): clear of
  // the sticky header with its Menu button, and of the dashboard's sidebar on the left.
  return (
    <div
      ref={containerRef}
      className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex flex-col-reverse items-center gap-2 px-4 md:items-end"
    >
      {toasts
        .filter((t) => t.visible)
        .map((t) => (
          <div
            key={t.id}
            {...t.ariaProps}
            className={`pointer-events-auto w-full max-w-sm rounded-lg border border-l-4 border-slate-200 bg-white px-4 py-3 text-sm font-medium text-slate-900 shadow-lg dark:border-slate-700 dark:bg-slate-800 dark:text-slate-50 ${tone[t.type]}`}
          >
            {resolveValue(t.message, t)}
          </div>
        ))}
    </div>
  );
}
