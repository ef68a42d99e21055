/**
 * Money travels as integer cents; the web shows it in US dollars with a $ prefix (docs/product.md, Constants).
 *
 * Written out rather than with Intl.NumberFormat: building a currency format loads the locale's
 * currency data, which cost a phone's first page load ~120 ms of main thread (4× CPU slowdown),
 * for a format that never changes.
 */
const withThousands = (whole: number) => String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** "$450", "$449.99", "$1,200", "-$5": cents are shown only when there are some. */
export const formatPrice = (cents: number) => {
  const amount = Math.abs(Math.round(cents));
  const rest = amount % 100;
  return `${cents < 0 ? '-' : ''}$${withThousands(Math.floor(amount / 100))}${rest ? `.${String(rest).padStart(2, '0')}` : ''}`;
};
