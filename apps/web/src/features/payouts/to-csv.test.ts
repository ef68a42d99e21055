import type { PayoutSale } from '@recell/contract';
import { describe, expect, it } from 'vitest';
import { centsToDollars, salesCsv, toCsv } from './to-csv';

const sale = (overrides: Partial<PayoutSale> = {}): PayoutSale => ({
  orderId: '11111111-1111-4111-8111-111111111111',
  productName: 'Galaxy S21',
  soldAt: '2025-02-03T21:07:00.000Z',
  priceCents: 44_999,
  feeCents: 2_250,
  netCents: 42_749,
  state: 'held',
  releaseAt: '2025-02-17T21:07:00.000Z',
  sentAt: null,
  ...overrides,
});

describe('toCsv', () => {
  it('separates fields with commas and lines with CRLF, leaving plain fields bare', () => {
    expect(
      toCsv([
        ['a', 'b'],
        ['c', ''],
      ]),
    ).toBe('a,b\r\nc,');
  });

  it('quotes a field with a comma, a quote or a line break, doubling its quotes', () => {
    expect(toCsv([['Pixel 7, 128 GB', 'The "Pro" one', 'two\nlines', 'cr\rhere']])).toBe(
      '"Pixel 7, 128 GB","The ""Pro"" one","two\nlines","cr\rhere"',
    );
  });

  it('keeps a spreadsheet from running a field as a formula: = + - @ (and tab) get a leading quote', () => {
    expect(toCsv([['=HYPERLINK("http://evil.example")', '+1', '-cmd', '@SUM(A1)', '\tx', 'a=b']])).toBe(
      `"'=HYPERLINK(""http://evil.example"")",'+1,'-cmd,'@SUM(A1),'\tx,a=b`,
    );
  });

  it('leaves numbers, negative ones included, as numbers', () => {
    expect(toCsv([['-5.00', '449.99', '-12', '-1+1']])).toBe("-5.00,449.99,-12,'-1+1");
  });
});

describe('centsToDollars', () => {
  it.each([
    [44_999, '449.99'],
    [45_000, '450.00'],
    [5, '0.05'],
    [0, '0.00'],
    [123_456_789, '1234567.89'],
    [-500, '-5.00'],
  ])('writes %i cents as %s', (cents, dollars) => {
    expect(centsToDollars(cents)).toBe(dollars);
  });
});

describe('salesCsv', () => {
  it('writes a header and one line per sale: order id, phone, sold at, price, fee, net, release date, state', () => {
    const csv = salesCsv([
      sale(),
      sale({
        orderId: '22222222-2222-4222-8222-222222222222',
        productName: 'iPhone 13, "mint"',
        priceCents: 45_000,
        feeCents: 2_300,
        netCents: 42_700,
        state: 'waiting_for_account',
        releaseAt: null,
      }),
    ]);

    expect(csv.split('\r\n')).toEqual([
      'Order ID,Phone,Sold,Price,Fee,You receive,Release date,State',
      '11111111-1111-4111-8111-111111111111,Galaxy S21,2025-02-03T21:07:00.000Z,449.99,22.50,427.49,2025-02-17T21:07:00.000Z,Held',
      '22222222-2222-4222-8222-222222222222,"iPhone 13, ""mint""",2025-02-03T21:07:00.000Z,450.00,23.00,427.00,,Waiting for your payout account',
    ]);
  });

  it('is the header alone when there are no sales', () => {
    expect(salesCsv([])).toBe('Order ID,Phone,Sold,Price,Fee,You receive,Release date,State');
  });
});
