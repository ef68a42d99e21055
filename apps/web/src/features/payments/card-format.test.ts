import { describe, expect, it } from 'vitest';
import { caretAfterDigits, formatCardNumber, formatCvc, formatExpiry } from './card-format';

describe('the card form formats', () => {
  it('groups a card number in fours, whatever was typed or pasted, up to 19 digits', () => {
    expect(formatCardNumber('4242')).toBe('4242');
    expect(formatCardNumber('42424')).toBe('4242 4');
    expect(formatCardNumber('4000-0000-0000-0002')).toBe('4000 0000 0000 0002');
    expect(formatCardNumber(' 4242 4242 4242 4242 ')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('12345678901234567890123')).toBe('1234 5678 9012 3456 789');
    expect(formatCardNumber('abc')).toBe('');
  });

  it('writes the expiry as MM/YY once the year is being typed', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('123')).toBe('12/3');
    expect(formatExpiry('12/30')).toBe('12/30');
    expect(formatExpiry('12 / 2030')).toBe('12/20');
  });

  it('keeps three or four digits of a CVC', () => {
    expect(formatCvc('12a3')).toBe('123');
    expect(formatCvc('12345')).toBe('1234');
  });

  it('puts the caret back after the same digit', () => {
    expect(caretAfterDigits('4242 4242', 0)).toBe(0);
    expect(caretAfterDigits('4242 4242', 4)).toBe(4);
    expect(caretAfterDigits('4242 4242', 5)).toBe(6);
    expect(caretAfterDigits('12/30', 3)).toBe(4);
    expect(caretAfterDigits('12', 5)).toBe(2);
  });
});
