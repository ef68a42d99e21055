import { describe, expect, it } from 'vitest';
import { contactDetailMask, findContactDetails, maskContactDetails } from './contact-details.ts';

describe('contact details in a text', () => {
  it('masks email addresses and phone numbers, naming their kinds once each', () => {
    expect(maskContactDetails('Mail me at ann.lee+phones@example.co.uk or call 0412 345 678, or 555-123-4567')).toEqual(
      {
        text: `Mail me at ${contactDetailMask} or call ${contactDetailMask}, or ${contactDetailMask}`,
        kinds: ['email', 'phone'],
      },
    );
  });

  it('leaves short numbers and plain words alone', () => {
    const text = 'Is the 128 GB model unlocked? Battery at 91%, bought in 2023.';
    expect(findContactDetails(text)).toEqual([]);
    expect(maskContactDetails(text)).toEqual({ text, kinds: [] });
  });

  it('finds where each detail is, in order', () => {
    expect(findContactDetails('+61 412 345 678 then a@b.io')).toEqual([
      { kind: 'phone', index: 0, length: 15 },
      { kind: 'email', index: 21, length: 6 },
    ]);
  });
});
