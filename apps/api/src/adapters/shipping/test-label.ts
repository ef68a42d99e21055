/**
 * The test carrier's label: a real 4×6 inch PDF (pdf-lib), laid out like a carrier's, marked as a
 * test label, with the tracking code drawn as bars a person recognises as a barcode (not a scannable
 * symbology: no carrier will ever scan it).
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { PostalAddress } from './shipping.ts';

export interface TestLabelContent {
  carrier: string;
  service: string;
  trackingCode: string;
  from: PostalAddress;
  to: PostalAddress;
  weightGrams: number;
  boughtAt: Date;
}

const width = 288;
const height = 432;
const margin = 16;
const black = rgb(0, 0, 0);

/** The standard fonts write WinAnsi only: accents are dropped, anything else becomes "?". */
const printable = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e\xa0-\xff]/g, '?');

const addressLines = (address: PostalAddress) =>
  [
    address.name,
    address.line1,
    address.line2 ?? '',
    [address.postalCode, address.city, address.region].filter(Boolean).join(' '),
    address.country,
  ].filter((line) => line.trim() !== '');

/** Each character's eight bits as bars: a wide bar for 1, a narrow one for 0, guard bars either side. */
const drawBars = (page: PDFPage, code: string, y: number, barHeight: number) => {
  const widths = [1, 1, 1];
  for (const char of code) for (let bit = 7; bit >= 0; bit -= 1) widths.push((char.charCodeAt(0) >> bit) & 1 ? 2.5 : 1);
  widths.push(1, 1, 1);
  const total = widths.reduce((sum, bar) => sum + bar * 2, 0);
  const scale = (width - margin * 2) / total;
  let x = margin;
  for (const bar of widths) {
    page.drawRectangle({ x, y, width: bar * scale, height: barHeight, color: black });
    x += bar * 2 * scale;
  }
};

const rule = (page: PDFPage, y: number) =>
  page.drawLine({ start: { x: margin, y }, end: { x: width - margin, y }, thickness: 1, color: black });

const lines = (page: PDFPage, texts: string[], x: number, top: number, font: PDFFont, size: number) => {
  let y = top;
  for (const text of texts) {
    const line = printable(text);
    // A long line is set smaller rather than wrapped over the next one.
    const fits = ((width - margin - x) / font.widthOfTextAtSize(line, size)) * size;
    page.drawText(line, { x, y, size: Math.max(5, Math.min(size, fits)), font, color: black });
    y -= size * 1.25;
  }
  return y;
};

export const renderTestLabel = async (label: TestLabelContent): Promise<Uint8Array> => {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Shipping label ${label.trackingCode}`);
  pdf.setSubject(`${label.carrier} ${label.service}`);
  pdf.setCreator('ReCell test carrier');
  pdf.setCreationDate(label.boughtAt);
  const page = pdf.addPage([width, height]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);

  let y = height - margin - 18;
  page.drawText(printable(label.carrier.toUpperCase()), { x: margin, y, size: 18, font: bold });
  const service = printable(label.service.toUpperCase());
  page.drawText(service, { x: width - margin - bold.widthOfTextAtSize(service, 14), y, size: 14, font: bold });
  y -= 14;
  page.drawText('TEST LABEL - NOT VALID FOR POSTAGE', { x: margin, y, size: 8, font: bold });
  y -= 8;
  rule(page, y);

  y -= 14;
  page.drawText('FROM', { x: margin, y, size: 7, font: bold });
  y = lines(page, addressLines(label.from), margin + 34, y, regular, 8);
  rule(page, y);

  y -= 22;
  page.drawText('SHIP TO', { x: margin, y, size: 9, font: bold });
  y = lines(page, addressLines(label.to), margin + 46, y, bold, 13);
  y -= 4;
  rule(page, y);

  y -= 14;
  const facts = `${(label.weightGrams / 1000).toFixed(2)} kg   ${label.boughtAt.toISOString().slice(0, 10)}`;
  page.drawText(printable(facts), { x: margin, y, size: 8, font: regular });
  y -= 8;
  rule(page, y);

  y -= 16;
  page.drawText('TRACKING #', { x: margin, y, size: 9, font: bold });
  y -= 76;
  drawBars(page, label.trackingCode, y, 68);
  y -= 18;
  const code = printable(label.trackingCode.replace(/(.{4})(?=.)/g, '$1 '));
  page.drawText(code, { x: (width - bold.widthOfTextAtSize(code, 13)) / 2, y, size: 13, font: bold });

  return pdf.save();
};
