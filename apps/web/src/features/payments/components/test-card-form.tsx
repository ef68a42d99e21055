import { paymentTexts, type PaymentIntent } from '@recell/contract';
import { useEffect, useId, useRef, type ChangeEvent, type RefObject } from 'react';
import { inputClass } from '@/components/ui/form';
import { confirmTestPayment } from '../api/confirm-test-payment';
import { digitsOf, formatCardNumber, formatCvc, formatExpiry } from '../card-format';
import type { PaymentFlow } from '../use-complete-payment';
import { useFormattedInput } from '../use-formatted-input';
import { CardForm } from './payment-form-parts';

const fields = ['number', 'expiry', 'cvc'] as const;
type CardFieldName = (typeof fields)[number];

/**
 * Each card field's label and the browser's card autofill for it. No maxLength: a pasted
 * '12 / 34' must reach the formatter whole (it keeps the digits and caps their count).
 */
const cardFields = {
  number: {
    label: paymentTexts.cardNumber,
    autoComplete: 'cc-number',
    placeholder: '1234 1234 1234 1234',
  },
  expiry: { label: paymentTexts.expiry, autoComplete: 'cc-exp', placeholder: 'MM/YY' },
  cvc: { label: paymentTexts.cvc, autoComplete: 'cc-csc', placeholder: '123' },
} as const satisfies Record<CardFieldName, { label: string; autoComplete: string; placeholder: string }>;

/** One of the card's fields: its label, a numeric input as the card shows it (`input` formats it). */
function CardField({
  id,
  name,
  inputRef,
  input,
  isInvalid,
  describedBy,
}: {
  id: string;
  name: CardFieldName;
  inputRef: RefObject<HTMLInputElement | null>;
  input: { value: string; onChange: (event: ChangeEvent<HTMLInputElement>) => void };
  isInvalid: boolean;
  describedBy: string | undefined;
}) {
  const { label, ...attributes } = cardFields[name];
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        ref={inputRef}
        type="text"
        inputMode="numeric"
        {...attributes}
        className={`${inputClass} font-mono`}
        value={input.value}
        onChange={input.onChange}
        aria-invalid={isInvalid || undefined}
        aria-describedby={describedBy}
      />
    </div>
  );
}

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
  const refs = { number: numberRef, expiry: expiryRef, cvc: cvcRef };
  const inputs = { number, expiry, cvc };
  const hintId = `${id}-hint`;
  const failureId = `${id}-failure`;
  const { failure } = flow;

  // After a refusal: back to the field it names, else to the card number, to correct it.
  useEffect(() => {
    if (!failure) return;
    const named = fields.find((name) => failure.fields?.[name] !== undefined) ?? 'number';
    ({ number: numberRef, expiry: expiryRef, cvc: cvcRef })[named].current?.focus();
  }, [failure]);

  const describedBy = (name: CardFieldName, ...ids: string[]) =>
    [...ids, failure?.fields?.[name] !== undefined ? failureId : undefined].filter(Boolean).join(' ') || undefined;
  const field = (name: CardFieldName, ...describedByIds: string[]) => (
    <CardField
      id={`${id}-${name}`}
      name={name}
      inputRef={refs[name]}
      input={inputs[name]}
      isInvalid={failure?.fields?.[name] !== undefined}
      describedBy={describedBy(name, ...describedByIds)}
    />
  );

  const confirm = async () => {
    await confirmTestPayment(intent.paymentIntentId, {
      clientSecret: intent.clientSecret,
      number: digitsOf(number.value),
      expiry: expiry.value,
      cvc: cvc.value,
    });
  };

  return (
    <CardForm flow={flow} confirm={confirm} isReady={isReady} failureId={failureId}>
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
      {field('number', hintId)}
      <div className="grid grid-cols-2 gap-4">
        {field('expiry')}
        {field('cvc')}
      </div>
    </CardForm>
  );
}
