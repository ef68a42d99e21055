/**
 * Generated texts against the contact-detail finder and mask (the contract's
 * contact-details.ts): whatever is written, finding never throws and answers details in order,
 * never overlapping; masking leaves nothing to find, is idempotent, grows a text only by the masks
 * it adds (each replacing at least three characters), and a long hostile text costs time in
 * proportion to its length. (Here because fast-check is the API's development dependency.)
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contactDetailTexts, findContactDetails, maskContactDetails } from '@recell/contract';

const seed = Number(process.env.FUZZ_SEED ?? 20_261_127);
const mask = contactDetailTexts.mask;

/** Pieces that come close to a contact detail, and pieces that stop one. */
const pieces = [
  ...['1', '5', '0', '12', '555', '4567', '2024', ' ', '  ', '.', '-', '–', '(', ')', '+', '/', ':', ',', '\n'],
  ...['@', 'at', ' at ', '(at)', '[at]', 'dot', ' dot ', '[dot]', '.com', '.co', '.uk', 'com', 'gmail', 'jo'],
  ...['$', '$jo', '$450', 'www.', 'http://', 'https://', 't.me/', 'wa.me/', 'paypal.me/', 'telegram', 'venmo'],
  ...[' GB', ' mAh', '%', '€', '12.05.2024', '10.30', 'five', 'one', 'x', 'é', '😀', '[', ']', mask],
];
const tricky = fc.array(fc.constantFrom(...pieces), { maxLength: 60 }).map((parts) => parts.join(''));
const anyText = fc.oneof(tricky, fc.string({ maxLength: 200 }), fc.string({ unit: 'grapheme', maxLength: 100 }));

const occurrences = (text: string) => text.split(mask).length - 1;

describe('contact details, on generated texts', () => {
  it('are found in order, inside the text, never overlapping, and never throw', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        let reached = 0;
        for (const detail of findContactDetails(text)) {
          expect(detail.start).toBeGreaterThanOrEqual(reached);
          expect(detail.end).toBeGreaterThan(detail.start);
          expect(detail.end).toBeLessThanOrEqual(text.length);
          reached = detail.end;
        }
      }),
      { seed, numRuns: 3000 },
    );
  });

  it('are all masked: nothing is left to find, masking again changes nothing, and only the masks add length', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const masked = maskContactDetails(text);
        expect(findContactDetails(masked.text)).toEqual([]);
        expect(maskContactDetails(masked.text)).toEqual({ text: masked.text, kinds: [] });
        const added = occurrences(masked.text) - occurrences(text);
        expect(added > 0).toBe(masked.kinds.length > 0);
        expect(masked.text.length).toBeLessThanOrEqual(text.length + Math.max(0, added) * (mask.length - 3));
      }),
      { seed, numRuns: 3000 },
    );
  });

  // Bounded work, not a stopwatch: 100 kB of a hostile pattern must finish well within the test's time.
  it('handle 100 kB of hostile text within the test’s time', { timeout: 60_000 }, () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { minLength: 1, maxLength: 4 }), (unit) => {
        const part = unit.join('');
        const text = part.repeat(Math.ceil(100_000 / part.length));
        const masked = maskContactDetails(text);
        expect(findContactDetails(masked.text)).toEqual([]);
      }),
      { seed, numRuns: 40 },
    );
    for (const unit of ['a', '1 ', 'a.', 'a@', 'a at ', 'a dot ', '$a', 'www.', '1.', 'x-', 'telegram @a ', '5five'])
      expect(() => maskContactDetails(unit.repeat(Math.ceil(100_000 / unit.length)))).not.toThrow();
  });
});
