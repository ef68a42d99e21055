import { payoutTexts, type PayoutSale } from '@recell/contract';

/** A number as we write it (digits, a sign, decimals): a spreadsheet reads it as a number, never a formula. */
const plainNumber = /^-?\d+(\.\d+)?$/;
/** What makes a spreadsheet read a cell as a formula (OWASP's list, tab and carriage return included). */
const formulaStart = /^[=+\-@\t\r]/;

/**
 * One CSV field: a text a spreadsheet would run as a formula gets a leading `'` (a phone named
 * "=HYPERLINK(…)"), and a field with a comma, a quote or a line break is quoted, its quotes doubled
 * (RFC 4180). Negative amounts stay numbers.
 */
const csvField = (value: string) => {
  const safe = formulaStart.test(value) && !plainNumber.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

/** Rows as CSV text: fields separated by commas, lines by CRLF (RFC 4180). */
export const toCsv = (rows: readonly (readonly string[])[]) =>
  rows.map((row) => row.map(csvField).join(',')).join('\r\n');

/** Cents as dollars with two decimals and no symbol ("449.99", "-5.00"): a spreadsheet sums them. */
export const centsToDollars = (cents: number) => {
  const amount = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(amount / 100)}.${String(amount % 100).padStart(2, '0')}`;
};

/**
 * The seller's sales as the Payouts page's CSV: order id, phone, sold at (ISO), price, fee, what
 * the seller receives (dollars), release date (ISO, empty when there is none) and the state in words.
 */
export const salesCsv = (sales: readonly PayoutSale[]) => {
  const { columns } = payoutTexts;
  return toCsv([
    [
      payoutTexts.csvOrderId,
      columns.phone,
      columns.soldAt,
      columns.price,
      columns.fee,
      columns.net,
      columns.releaseAt,
      columns.state,
    ],
    ...sales.map((sale) => [
      sale.orderId,
      sale.productName,
      sale.soldAt,
      centsToDollars(sale.priceCents),
      centsToDollars(sale.feeCents),
      centsToDollars(sale.netCents),
      sale.releaseAt ?? '',
      payoutTexts.saleState[sale.state],
    ]),
  ]);
};
