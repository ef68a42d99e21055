/** Money travels as integer cents; the web shows it in US dollars with a $ prefix (spec §9). */
const wholeDollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});
const dollarsAndCents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** "$450", "$449.99", "$1,200": cents are shown only when there are some. */
export const formatPrice = (cents: number) => (cents % 100 === 0 ? wholeDollars : dollarsAndCents).format(cents / 100);
