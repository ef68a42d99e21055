import { describe, expect, it } from 'vitest';
import { contactDetailTexts } from './contact-detail-texts.ts';
import { findContactDetails, maskContactDetails, type ContactDetailKind } from './contact-details.ts';

const mask = contactDetailTexts.mask;
/** The parts of a text found as contact details, with their kinds. */
const found = (text: string) => findContactDetails(text).map(({ kind, start, end }) => [kind, text.slice(start, end)]);

const expectHidden = (kind: ContactDetailKind, cases: [text: string, detail: string][]) => {
  for (const [text, detail] of cases) expect(found(text), text).toEqual([[kind, detail]]);
};
const expectNothing = (texts: string[]) => {
  for (const text of texts) {
    expect(found(text), text).toEqual([]);
    expect(maskContactDetails(text), text).toEqual({ text, kinds: [] });
  }
};

describe('findContactDetails: phone numbers', () => {
  it('finds national and international numbers written with spaces, dots, dashes, slashes and brackets', () => {
    expectHidden('phone', [
      ['Call me on 555-123-4567 after work', '555-123-4567'],
      ['My number: +44 20 7946 0958.', '+44 20 7946 0958'],
      ['(555) 123-4567 is my cell', '(555) 123-4567'],
      ['text 555.123.4567', '555.123.4567'],
      ['Handy 0171/1234567', '0171/1234567'],
      ['appelle au 06.12.34.56.78 stp', '06.12.34.56.78'],
      ['+1 (212) 555-0199', '+1 (212) 555-0199'],
      ['0044 7700 900123', '0044 7700 900123'],
      ['5551234567', '5551234567'],
      ['+49 171 1234567', '+49 171 1234567'],
      ['ring 07700–900123', '07700–900123'],
    ]);
  });

  it('finds digits spelled out or spaced apart to slip past a filter', () => {
    expectHidden('phone', [
      ['5 5 5 1 2 3 4 5 6 7', '5 5 5 1 2 3 4 5 6 7'],
      ['it is 5-5-5 - 1-2-3 - 4-5-6-7', '5-5-5 - 1-2-3 - 4-5-6-7'],
      ['five five five one two three four five six seven', 'five five five one two three four five six seven'],
      ['Call five 5 five 1234 ok', 'five 5 five 1234'],
    ]);
  });

  it('finds a 15-digit run like an IMEI, and a number right after a price', () => {
    expectHidden('phone', [
      ['IMEI 356938035643809', '356938035643809'],
      ['$450 555 123 4567', '555 123 4567'],
    ]);
  });

  it('leaves prices, storage sizes, dates, times and short numbers alone', () => {
    expectNothing([
      'It is $450, last price $1 200 000 or €1.299.000',
      'It has 128 GB, 256GB also available, or 64 128 256 GB',
      '5000 mAh battery, 87% health, 6.1 inch screen',
      'Meet on 12.05.2024 at 14:30, or 2024-05-12, or 5/12/24',
      'Between 10.30-12.30 works for me',
      'iPhone 13 Pro, models 13 14 15, price 450-500',
      'I can meet at the station at 5 pm, 3 days from now',
      'Sold 1 200 000 VND',
    ]);
  });
});

describe('findContactDetails: emails', () => {
  it('finds emails, also written around the @ with spaces or spelled out', () => {
    expectHidden('email', [
      ['mail john.doe+phones@gmail.com please', 'john.doe+phones@gmail.com'],
      ['Zelle to bob@x.com', 'bob@x.com'],
      ['john @ gmail.com', 'john @ gmail.com'],
      ['john at gmail dot com', 'john at gmail dot com'],
      ['john(at)gmail(dot)com', 'john(at)gmail(dot)com'],
      ['john [at] gmail [dot] co [dot] uk', 'john [at] gmail [dot] co [dot] uk'],
      ['JOHN AT YAHOO DOT COM', 'JOHN AT YAHOO DOT COM'],
      ['write to me at outlook dot com', 'me at outlook dot com'],
    ]);
  });

  it('leaves "at" in sentences alone', () => {
    expectNothing([
      'Sorry, I am at work. Call later',
      'Look at this dot',
      'Meet at home. Bring cash',
      'see you at noon, ok?',
      "I'm @ the station",
    ]);
  });
});

describe('findContactDetails: links', () => {
  it('finds web addresses with a scheme, with www., or bare with a common domain', () => {
    expectHidden('link', [
      ['see https://example.com/x?y=1. thanks', 'https://example.com/x?y=1'],
      ['http://my-shop.net', 'http://my-shop.net'],
      ['go to www.example.org!', 'www.example.org'],
      ['it is on shop.co.uk/item/12', 'shop.co.uk/item/12'],
      ['find me on facebook.com/jsmith', 'facebook.com/jsmith'],
      ['ebay dot com has it', 'ebay dot com'],
    ]);
  });

  it('leaves words joined by a dot alone', () => {
    expectNothing(['Sure.It works', 'Yes.in the box', 'e.g. the charger', 'iOS 17.2 installed', 'photo.jpg attached']);
  });
});

describe('findContactDetails: payment and messaging handles', () => {
  it('finds Telegram, WhatsApp, PayPal and Cash App addresses, and an @handle after the app’s name', () => {
    expectHidden('handle', [
      ['t.me/jsmith', 't.me/jsmith'],
      ['https://t.me/jsmith', 'https://t.me/jsmith'],
      ['wa.me/15551234567', 'wa.me/15551234567'],
      ['paypal.me/bob', 'paypal.me/bob'],
      ['https://www.paypal.com/paypalme/bob', 'https://www.paypal.com/paypalme/bob'],
      ['venmo.com/u/bob-smith', 'venmo.com/u/bob-smith'],
      ['cash.app/$bobby', 'cash.app/$bobby'],
      ['my telegram is @jsmith', '@jsmith'],
      ['Telegram: @jsmith.', '@jsmith'],
      ['whatsapp me @jsmith', '@jsmith'],
      ['venmo @bob-smith', '@bob-smith'],
      ['Venmo: bob-smith', 'bob-smith'],
      ['Cash App $bobby', '$bobby'],
      ['send it to $Bobby_22 thanks', '$Bobby_22'],
      ['insta username: jo.smith', 'jo.smith'],
    ]);
  });

  it('leaves an @name in a sentence, prices and currency codes alone', () => {
    expectNothing(['@Marcus is it unlocked?', 'It is $450', '$AUD 450 ok', 'I do not use WhatsApp, sorry']);
  });
});

describe('findContactDetails: several details', () => {
  it('answers them in order, never overlapping, the longest of those starting together', () => {
    const text = 'Email 5551234567@gmail.com or call +1 555 123 4567, or t.me/jo';
    expect(found(text)).toEqual([
      ['email', '5551234567@gmail.com'],
      ['phone', '+1 555 123 4567'],
      ['handle', 't.me/jo'],
    ]);
  });
});

describe('maskContactDetails', () => {
  it('replaces each detail with the mask and says which kinds were found', () => {
    expect(maskContactDetails('Call 555-123-4567 or mail jo@x.com, telegram @jo')).toEqual({
      text: `Call ${mask} or mail ${mask}, telegram ${mask}`,
      kinds: ['phone', 'email', 'handle'],
    });
  });

  it('keeps a text without details as it is', () => {
    expect(maskContactDetails('Is the battery original? I can pay $450 on Friday at 14:30.')).toEqual({
      text: 'Is the battery original? I can pay $450 on Friday at 14:30.',
      kinds: [],
    });
  });

  it('masks again what masking brings into view, so nothing is left', () => {
    // Hiding the long email brings "telegram" within reach of the @handle.
    const text = `telegram or ${'a'.repeat(30)}@example.com @jsmith`;
    const masked = maskContactDetails(text);
    expect(masked.text).toBe(`telegram or ${mask} ${mask}`);
    expect(findContactDetails(masked.text)).toEqual([]);
    expect(maskContactDetails(masked.text)).toEqual({ text: masked.text, kinds: [] });
  });

  it('never detects the mask itself', () => {
    expect(findContactDetails(`${mask} at gmail dot com ${mask}.com telegram: ${mask}`)).toEqual([
      { kind: 'link', start: expect.any(Number), end: expect.any(Number) },
    ]);
  });
});
