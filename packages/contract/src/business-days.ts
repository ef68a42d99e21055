/**
 * Business days: Monday to Friday, in UTC (the marketplace has no holiday calendar). Used for the
 * seller's time to ship a paid order (SHIP_BY_BUSINESS_DAYS).
 */

const isWeekend = (date: Date) => date.getUTCDay() === 0 || date.getUTCDay() === 6;

/**
 * `date` moved forward `n` business days, keeping its time of day: each step goes to the next day
 * that is a weekday (a Friday's next is the Monday). From a weekend day the first step lands on the
 * Monday. `n` is a whole number of at least 0; 0 answers the same moment.
 */
export const addBusinessDays = (date: Date, n: number): Date => {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`addBusinessDays: ${n} is not a whole number of days ≥ 0`);
  const result = new Date(date.getTime());
  let left = n;
  while (left > 0) {
    result.setUTCDate(result.getUTCDate() + 1);
    if (!isWeekend(result)) left -= 1;
  }
  return result;
};
