import { Fragment, type ReactNode } from 'react';
import { formatListingTime } from '@/lib/format-time';

/*
 * What goes in a dashboard table's cell. Words wrap only between words (decision 0053): an email
 * wraps before its punctuation (`BreakAtPunctuation`), a date before its time (`DateTime`); free
 * text wraps inside a measure of its own (`FreeText`); only a machine's id (`Id`) breaks anywhere.
 */

/**
 * A string without spaces (an email) that may wrap before each of its punctuation marks
 * (. @ _ + -), as an address is broken in print, and never inside a run of letters or digits. The
 * text reads and copies as one string (`<wbr>` adds no character).
 */
export function BreakAtPunctuation({ text }: { text: string }) {
  const parts = text.split(/(?=[.@_+-])/);
  return (
    <>
      {parts.map((part, index) => (
        // The parts of one string never move: their index is their identity.
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </>
  );
}

/**
 * A date and time ('Nov 27, 2026, 4:32 pm') that wraps, when it must, between the date and the
 * time only.
 */
export function DateTime({ iso }: { iso: string }) {
  const text = formatListingTime(iso);
  const split = text.lastIndexOf(', ');
  // Its text stays the one string, ordinary spaces included: only each part keeps together.
  return (
    <time dateTime={iso}>
      <span className="whitespace-nowrap">{text.slice(0, split + 1)}</span>{' '}
      <span className="whitespace-nowrap">{text.slice(split + 2)}</span>
    </time>
  );
}

/**
 * A machine's id (a payment's, a record's): no words to keep whole, so it breaks anywhere, and it is
 * set as code.
 */
export function Id({ children }: { children: string }) {
  return <code className="font-mono text-xs break-all">{children}</code>;
}

/**
 * What a person wrote (a message, a problem's reason): lines kept, wrapped between words within a
 * measure of its own (`className`: its width), so that the table gives it room without growing past
 * its frame. Only a word longer than a whole line (a pasted link) is broken.
 */
export function FreeText({ className, children }: { className?: string; children: ReactNode }) {
  return <div className={`wrap-break-word whitespace-pre-line${className ? ` ${className}` : ''}`}>{children}</div>;
}

const pillTones = {
  good: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100',
  neutral: 'bg-sky-100 text-sky-900 dark:bg-sky-900 dark:text-sky-100',
  muted: 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100',
  bad: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100',
} as const;

/**
 * A status pill: green for good news (available, paid), sky for a step on the way, grey, red. One
 * line, unless it `wraps` (a status of several words, which a phone's card may not fit).
 */
export function StatusPill({
  tone,
  wraps = false,
  children,
}: {
  tone: keyof typeof pillTones;
  wraps?: boolean;
  children: ReactNode;
}) {
  const shape = wraps ? 'rounded-lg' : 'rounded-full whitespace-nowrap';
  return (
    <span className={`inline-block px-2.5 py-1 text-xs font-semibold ${shape} ${pillTones[tone]}`}>{children}</span>
  );
}

const buttonVariants = {
  primary: 'btn btn-primary',
  outline: 'btn btn-outline',
  danger:
    'btn border border-red-300 text-red-800 hover:bg-red-50 dark:border-red-800 dark:text-red-200 dark:hover:bg-red-950',
} as const;

/**
 * A row's button, described by the row's phone or person (`describedBy`): 'Delete' alone says
 * little. `isBusy` while its action runs (disabled meanwhile); `opensDialog` when it opens one.
 */
export function RowButton({
  variant,
  describedBy,
  opensDialog = false,
  isBusy,
  disabled,
  className,
  onClick,
  children,
}: {
  variant: keyof typeof buttonVariants;
  describedBy: string;
  opensDialog?: boolean;
  isBusy?: boolean;
  disabled?: boolean;
  className?: string;
  onClick?: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={className ? `${buttonVariants[variant]} ${className}` : buttonVariants[variant]}
      aria-describedby={describedBy}
      aria-haspopup={opensDialog ? 'dialog' : undefined}
      disabled={disabled || isBusy}
      aria-busy={isBusy || undefined}
      onClick={onClick}
    >
      {children}
    </button>
  );
}
