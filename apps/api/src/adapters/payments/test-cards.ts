/**
 * The built-in test-mode processor's card checks, as Stripe makes them in test mode: the number
 * (digits, Luhn), the expiry (MM/YY, not in the past), the CVC (3 or 4 digits), then Stripe's test
 * cards (https://docs.stripe.com/testing): the success cards authorise, the decline cards fail with
 * Stripe's code and message, and any other valid number is declined as "a non test card".
 */
import { paymentMessages } from '@recell/contract';
import { CardError } from './card-processor.ts';

export interface CardInput {
  number: string;
  /** "MM/YY" as typed (MM/YYYY and spaces around the slash are accepted too). */
  expiry: string;
  cvc: string;
}

export interface AuthorisedCard {
  brand: string;
  last4: string;
}

/** Stripe's test cards that succeed, by brand. */
const successCards: Record<string, string> = {
  '4242424242424242': 'visa',
  '4000056655665556': 'visa',
  '5555555555554444': 'mastercard',
  '2223003122003222': 'mastercard',
  '5200828282828210': 'mastercard',
  '5105105105105100': 'mastercard',
  '378282246310005': 'amex',
  '371449635398431': 'amex',
  '6011111111111117': 'discover',
  '6011000990139424': 'discover',
  '3056930009020004': 'diners',
  '36227206271667': 'diners',
  '3566002020360505': 'jcb',
  '6200000000000005': 'unionpay',
};

/** Stripe's test cards that are declined, with the code and message Stripe answers. */
const declineCards: Record<string, CardError> = {
  '4000000000000002': new CardError('card_declined', paymentMessages.cardDeclined),
  '4000000000009995': new CardError('insufficient_funds', paymentMessages.insufficientFunds),
  '4000000000009987': new CardError('lost_card', paymentMessages.cardDeclined),
  '4000000000009979': new CardError('stolen_card', paymentMessages.cardDeclined),
  '4000000000000069': new CardError('expired_card', paymentMessages.expiredCard, 'expiry'),
  '4000000000000127': new CardError('incorrect_cvc', paymentMessages.incorrectCvc, 'cvc'),
  '4000000000000119': new CardError('processing_error', paymentMessages.processingError),
};

/** The Luhn checksum every real card number satisfies. */
export const isLuhnValid = (digits: string) => {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
};

const checkNumber = (typed: string) => {
  const digits = typed.replace(/ /g, '');
  if (!/^\d{12,19}$/.test(digits)) throw new CardError('invalid_number', paymentMessages.invalidNumber, 'number');
  if (!isLuhnValid(digits)) throw new CardError('incorrect_number', paymentMessages.incorrectNumber, 'number');
  return digits;
};

/** A card is valid through the last day of its expiry month. */
const checkExpiry = (typed: string, now: Date) => {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(typed);
  const month = Number(match?.[1]);
  if (!match || month < 1 || month > 12) throw new CardError('invalid_expiry', paymentMessages.invalidExpiry, 'expiry');
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  const thisYear = now.getUTCFullYear();
  if (year < thisYear) throw new CardError('invalid_expiry_year', paymentMessages.invalidExpiryYear, 'expiry');
  if (year === thisYear && month < now.getUTCMonth() + 1)
    throw new CardError('invalid_expiry_month', paymentMessages.invalidExpiry, 'expiry');
  // Stripe refuses expiry years more than 50 years ahead.
  if (year > thisYear + 50) throw new CardError('invalid_expiry_year', paymentMessages.invalidExpiry, 'expiry');
};

const checkCvc = (typed: string) => {
  if (!/^\d{3,4}$/.test(typed.trim())) throw new CardError('invalid_cvc', paymentMessages.invalidCvc, 'cvc');
};

/**
 * What Stripe's test mode does with this card: the card it authorises (brand, last four digits),
 * or a CardError with Stripe's code, message and the field it is about.
 */
export const authoriseTestCard = (card: CardInput, now = new Date()): AuthorisedCard => {
  const digits = checkNumber(card.number);
  checkExpiry(card.expiry, now);
  checkCvc(card.cvc);
  const decline = declineCards[digits];
  if (decline) throw new CardError(decline.code, decline.message, decline.field);
  const brand = successCards[digits];
  if (!brand) throw new CardError('card_declined', paymentMessages.testModeLiveCard);
  return { brand, last4: digits.slice(-4) };
};
