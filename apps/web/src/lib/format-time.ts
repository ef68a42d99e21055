const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** '3:05 pm' — the spec's 12-hour clock with am/pm, in the visitor's time zone. */
export function formatClockTime(date: Date): string {
  const hours = date.getHours();
  const minutes = String(date.getMinutes()).padStart(2, '0');
  return `${hours % 12 || 12}:${minutes} ${hours < 12 ? 'am' : 'pm'}`;
}

/** 'Jan 5, 2025, 3:05 pm' for a listing's creation time (ISO string). */
export function formatListingTime(iso: string): string {
  const date = new Date(iso);
  return `${dateFormat.format(date)}, ${formatClockTime(date)}`;
}
