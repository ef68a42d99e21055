import { paymentTexts, type PaymentIntent } from '@recell/contract';
import { useEffect, useId, useRef } from 'react';
import { inputClass } from '@/components/ui/field';
import { confirmTestPayment } from '../api/confirm-test-payment';
import { digitsOf, formatCardNumber, formatCvc, formatExpiry } from '../card-format';
import type { PaymentFlow } from '../use-complete-payment';
import { useFormattedInput } from '../use-formatted-input';
import { CardFailureMessage, PayButton } from './payment-form-parts';

const fields = ['number', 'expiry', 'cvc'] as const;

/**
 * The card form of the built-in test-mode processor: card number (grouped in fours as it is
 * typed), expiry (MM/YY) and CVC, each with its label and the browser's card autofill; a hint lists
 * the test cards. The processor checks the card (Stripe's test-card behaviour); its refusal shows in
 * red under the form, the fields it names marked invalid and the first one focused.
 */
export function TestCardForm({
  intent,
  flow,
  isReady,
}: {
  intent: PaymentIntent;
  flow: PaymentFlow;
  /** False while a new payment intent is on its way. */
  isReady: boolean;
}) {
  const id = useId();
  const numberRef = useRef<HTMLInputElement>(null);
  const expiryRef = useRef<HTMLInputElement>(null);
  const cvcRef = useRef<HTMLInputElement>(null);
  const number = useFormattedInput(formatCardNumber, numberRef);
  const expiry = useFormattedInput(formatExpiry, expiryRef);
  const cvc = useFormattedInput(formatCvc, cvcRef);
  const hintId = `${id}-hint`;
  const failureId = `${id}-failure`;
  const { failure, isWorking, submit } = flow;

  // After a refusal: back to the field it names, else to the card number, to correct it.
  useEffect(() => {
    if (!failure) return;
    const named = fields.find((name) => failure.fields?.[name] !== undefined) ?? 'number';
    ({ number: numberRef, expiry: expiryRef, cvc: cvcRef })[named].current?.focus();
  }, [failure]);

  const describedBy = (name: (typeof fields)[number], ...ids: string[]) =>
    [...ids, failure?.fields?.[name] !== undefined ? failureId : undefined].filter(Boolean).join(' ') || undefined;
  const invalid = (name: (typeof fields)[number]) => (failure?.fields?.[name] !== undefined ? true : undefined);

  return (
    <form
      noValidate
      aria-label={paymentTexts.cardFormLabel}
      className="grid gap-4 rounded-2xl border border-slate-200 p-4 sm:p-6 dark:border-slate-800"
      onSubmit={(event) => {
        event.preventDefault();
        void submit(async () => {
          await confirmTestPayment(intent.paymentIntentId, {
            clientSecret: intent.clientSecret,
            number: digitsOf(number.value),
            expiry: expiry.value,
            cvc: cvc.value,
          });
        });
      }}
    >
      <div
        id={hintId}
        className="rounded-lg bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-100"
      >
        <p className="font-semibold">{paymentTexts.testModeTitle}</p>
        <ul className="mt-1 list-disc pl-5">
          {paymentTexts.testCards.map((card) => (
            <li key={card.number}>
              <span className="font-mono whitespace-nowrap">{card.number}</span> {card.outcome}
            </li>
          ))}
        </ul>
        <p className="mt-1">{paymentTexts.testCardRest}</p>
      </div>
      <div>
        <label htmlFor={`${id}-number`} className="block text-sm font-medium">
          {paymentTexts.cardNumber}
        </label>
        <input
          id={`${id}-number`}
          ref={numberRef}
          type="text"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          maxLength={23}
          className={`${inputClass} font-mono`}
          value={number.value}
          onChange={number.onChange}
          aria-invalid={invalid('number')}
          aria-describedby={describedBy('number', hintId)}
        />
      </div>
      <div className="grid grid-cols-2 gap-4">
        <div>
          <label htmlFor={`${id}-expiry`} className="block text-sm font-medium">
            {paymentTexts.expiry}
          </label>
          <input
            id={`${id}-expiry`}
            ref={expiryRef}
            type="text"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM/YY"
            maxLength={5}
            className={`${inputClass} font-mono`}
            value={expiry.value}
            onChange={expiry.onChange}
            aria-invalid={invalid('expiry')}
            aria-describedby={describedBy('expiry')}
          />
        </div>
        <div>
          <label htmlFor={`${id}-cvc`} className="block text-sm font-medium">
            {paymentTexts.cvc}
          </label>
          <input
            id={`${id}-cvc`}
            ref={cvcRef}
            type="text"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            maxLength={4}
            className={`${inputClass} font-mono`}
            value={cvc.value}
            onChange={cvc.onChange}
            aria-invalid={invalid('cvc')}
            aria-describedby={describedBy('cvc')}
          />
        </div>
      </div>
      <PayButton isWorking={isWorking} isReady={isReady} />
      <CardFailureMessage id={failureId} failure={failure} />
    </form>
  );
}
