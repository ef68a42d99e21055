/** Written out, like formatPrice: an Intl format's first use loads locale data on a phone's first load. */
const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'Jan 5, 2025', in the visitor's time zone. */
const formatDate = (date: Date) => `${months[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;

/** '3:05 pm' — the spec's 12-hour clock with am/pm, in the visitor's time zone. */
export function formatClockTime(date: Date): string {
  const hours = date.getHours();
  const minutes = String(date.getMinutes()).padStart(2, '0');
  return `${hours % 12 || 12}:${minutes} ${hours < 12 ? 'am' : 'pm'}`;
}

/** 'Jan 5, 2025, 3:05 pm' for a listing's creation time (ISO string). */
export function formatListingTime(iso: string): string {
  const date = new Date(iso);
  return `${formatDate(date)}, ${formatClockTime(date)}`;
}
