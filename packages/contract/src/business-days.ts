/**
 * Business days (Monday to Friday, in UTC): the seller's time to answer a return, and any deadline
 * counted the same way. No holidays: a deadline is the same in every country the marketplace sells to.
 */

const isWeekend = (date: Date) => date.getUTCDay() === 0 || date.getUTCDay() === 6;

/**
 * `date` plus `n` business days, at the same time of day. A start on a weekend counts from the next
 * Monday's start (a return asked on Saturday is due by the end of Tuesday, not Monday's small hours).
 */
export const addBusinessDays = (date: Date, n: number): Date => {
  if (!Number.isInteger(n) || n < 0) throw new RangeError('addBusinessDays counts whole days, zero or more');
  const result = new Date(date.getTime());
  if (isWeekend(result)) {
    while (isWeekend(result)) result.setUTCDate(result.getUTCDate() + 1);
    result.setUTCHours(0, 0, 0, 0);
  }
  let left = n;
  while (left > 0) {
    result.setUTCDate(result.getUTCDate() + 1);
    if (!isWeekend(result)) left -= 1;
  }
  return result;
};
