import { describe, expect, it } from 'vitest';
import { paymentMessages } from '@recell/contract';
import { CardError } from './card-processor.ts';
import { authoriseTestCard, isLuhnValid } from './test-cards.ts';

const now = new Date('2026-05-15T12:00:00Z');
const card = (overrides: Partial<{ number: string; expiry: string; cvc: string }> = {}) => ({
  number: '4242 4242 4242 4242',
  expiry: '12/29',
  cvc: '123',
  ...overrides,
});

const refusal = (input: ReturnType<typeof card>) => {
  try {
    authoriseTestCard(input, now);
  } catch (error) {
    if (error instanceof CardError) return { code: error.code, message: error.message, field: error.field };
    throw error;
  }
  throw new Error('the card was authorised');
};

describe('the test-mode processor’s card checks', () => {
  it('authorises Stripe’s success cards with their brand and last four digits only', () => {
    expect(authoriseTestCard(card(), now)).toEqual({ brand: 'visa', last4: '4242' });
    expect(authoriseTestCard(card({ number: '5555 5555 5555 4444' }), now)).toEqual({
      brand: 'mastercard',
      last4: '4444',
    });
    expect(authoriseTestCard(card({ number: '4000056655665556' }), now)).toEqual({ brand: 'visa', last4: '5556' });
    expect(authoriseTestCard(card({ number: '3782 822463 10005', cvc: '1234' }), now)).toEqual({
      brand: 'amex',
      last4: '0005',
    });
  });

  it('declines Stripe’s decline cards with Stripe’s codes and messages', () => {
    expect(refusal(card({ number: '4000 0000 0000 0002' }))).toEqual({
      code: 'card_declined',
      message: paymentMessages.cardDeclined,
      field: undefined,
    });
    expect(refusal(card({ number: '4000 0000 0000 9995' }))).toEqual({
      code: 'insufficient_funds',
      message: paymentMessages.insufficientFunds,
      field: undefined,
    });
    expect(refusal(card({ number: '4000 0000 0000 0069' }))).toEqual({
      code: 'expired_card',
      message: paymentMessages.expiredCard,
      field: 'expiry',
    });
    expect(refusal(card({ number: '4000 0000 0000 0127' }))).toEqual({
      code: 'incorrect_cvc',
      message: paymentMessages.incorrectCvc,
      field: 'cvc',
    });
  });

  it('declines any other valid number as a real card used in test mode', () => {
    // A Luhn-valid number that is none of Stripe's test cards.
    expect(isLuhnValid('4111111111111111')).toBe(true);
    expect(refusal(card({ number: '4111 1111 1111 1111' }))).toEqual({
      code: 'card_declined',
      message: paymentMessages.testModeLiveCard,
      field: undefined,
    });
  });

  it('names the number when it is not a card number', () => {
    expect(refusal(card({ number: '4242 4242 4242 4241' }))).toEqual({
      code: 'incorrect_number',
      message: paymentMessages.incorrectNumber,
      field: 'number',
    });
    for (const number of ['', '4242-4242-4242-4242', '4242 abcd 4242 4242', '4242', '4'.repeat(20)]) {
      expect(refusal(card({ number }))).toMatchObject({ message: paymentMessages.invalidNumber, field: 'number' });
    }
  });

  it('names the expiry when it is malformed or past, and accepts the current month', () => {
    for (const expiry of ['', '1229', '13/29', '00/29', '12-29', 'ab/cd']) {
      expect(refusal(card({ expiry }))).toMatchObject({ message: paymentMessages.invalidExpiry, field: 'expiry' });
    }
    expect(refusal(card({ expiry: '12/25' }))).toMatchObject({
      message: paymentMessages.invalidExpiryYear,
      field: 'expiry',
    });
    expect(refusal(card({ expiry: '04/26' }))).toMatchObject({
      message: paymentMessages.invalidExpiry,
      field: 'expiry',
    });
    expect(authoriseTestCard(card({ expiry: '05/26' }), now).last4).toBe('4242');
    expect(authoriseTestCard(card({ expiry: '5 / 2030' }), now).last4).toBe('4242');
  });

  it('names the CVC unless it is 3 or 4 digits', () => {
    for (const cvc of ['', '12', '12345', '12a']) {
      expect(refusal(card({ cvc }))).toEqual({
        code: 'invalid_cvc',
        message: paymentMessages.invalidCvc,
        field: 'cvc',
      });
    }
    expect(authoriseTestCard(card({ cvc: '1234' }), now).last4).toBe('4242');
  });

  it('checks the number before the expiry and the expiry before the CVC, as the card form reads', () => {
    expect(refusal({ number: '1', expiry: 'x', cvc: 'y' }).field).toBe('number');
    expect(refusal(card({ expiry: 'x', cvc: 'y' })).field).toBe('expiry');
  });

  it('knows Luhn: every success and decline card passes it', () => {
    for (const number of [
      '4242424242424242',
      '4000056655665556',
      '5555555555554444',
      '2223003122003222',
      '5200828282828210',
      '5105105105105100',
      '378282246310005',
      '371449635398431',
      '6011111111111117',
      '6011000990139424',
      '3056930009020004',
      '36227206271667',
      '3566002020360505',
      '6200000000000005',
      '4000000000000002',
      '4000000000009995',
      '4000000000009987',
      '4000000000009979',
      '4000000000000069',
      '4000000000000127',
      '4000000000000119',
    ]) {
      expect(isLuhnValid(number), number).toBe(true);
    }
    expect(isLuhnValid('4242424242424241')).toBe(false);
  });
});
