import { useIsHydrated } from './use-is-hydrated';

/** Written out, like formatPrice: an Intl format's first use loads locale data on a phone's first load. */
const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

type Parts = { year: number; month: number; day: number; hours: number; minutes: number };

const localParts = (date: Date): Parts => ({
  year: date.getFullYear(),
  month: date.getMonth(),
  day: date.getDate(),
  hours: date.getHours(),
  minutes: date.getMinutes(),
});

const utcParts = (date: Date): Parts => ({
  year: date.getUTCFullYear(),
  month: date.getUTCMonth(),
  day: date.getUTCDate(),
  hours: date.getUTCHours(),
  minutes: date.getUTCMinutes(),
});

const clockOf = ({ hours, minutes }: Parts) =>
  `${hours % 12 || 12}:${String(minutes).padStart(2, '0')} ${hours < 12 ? 'am' : 'pm'}`;

/** '3:05 pm' — the spec's 12-hour clock with am/pm, in the visitor's time zone. */
export const formatClockTime = (date: Date): string => clockOf(localParts(date));

const listingTimeOf = (parts: Parts) => `${months[parts.month]} ${parts.day}, ${parts.year}, ${clockOf(parts)}`;

/** 'Jan 5, 2025, 3:05 pm' for a listing's creation time (ISO string), in the visitor's time zone. */
export const formatListingTime = (iso: string): string => listingTimeOf(localParts(new Date(iso)));

/**
 * A listing's time as a card shows it. A page rendered on the server cannot know the visitor's
 * time zone: its HTML, and React's take-over of it, say the time in UTC (and that it is UTC); the
 * visitor's own time follows at once.
 */
export function useListingTime(iso: string): string {
  const isHydrated = useIsHydrated();
  return isHydrated ? formatListingTime(iso) : `${listingTimeOf(utcParts(new Date(iso)))} UTC`;
}
