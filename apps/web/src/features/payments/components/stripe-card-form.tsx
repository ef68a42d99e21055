/**
 * Stripe's card form: Stripe Elements (CardElement) with the publishable key, confirmed with
 * stripe.confirmCardPayment. Its own chunk, with the Stripe SDK: the page loads it only when the API
 * says the processor is Stripe (the test-mode processor never needs it).
 */
import { paymentMessages, paymentTexts, type PaymentIntent } from '@recell/contract';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { currentTheme } from '@/lib/theme';
import { useEffect, useId, useRef, useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { CardError, type PaymentFlow } from '../use-complete-payment';
import { CardForm } from './payment-form-parts';

/** Stripe.js is loaded once per page load and key (loadStripe adds Stripe's script to the page). */
const stripes = new Map<string, Promise<Stripe | null>>();
const stripeFor = (publishableKey: string) => {
  let stripe = stripes.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    stripes.set(publishableKey, stripe);
    // A failed load may work on the next visit of the page.
    stripe.catch(() => stripes.delete(publishableKey));
  }
  return stripe;
};

/** Stripe's card field is an iframe: it is told the theme's text colour. */
const isDark = () => currentTheme() === 'dark';

type StripeCardFormProps = { publishableKey: string; intent: PaymentIntent; flow: PaymentFlow; isReady: boolean };

export default function StripeCardForm({ publishableKey, intent, flow, isReady }: StripeCardFormProps) {
  const [stripe, setStripe] = useState<Stripe | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  useEffect(() => {
    let current = true;
    stripeFor(publishableKey).then(
      (loaded) => {
        if (!current) return;
        if (loaded) setStripe(loaded);
        else setLoadFailed(true);
      },
      () => {
        if (current) setLoadFailed(true);
      },
    );
    return () => {
      current = false;
    };
  }, [publishableKey]);

  if (loadFailed)
    return (
      <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
        {paymentTexts.cardFormFailed}
      </p>
    );
  // Elements takes its Stripe object once, so it waits for Stripe.js.
  if (!stripe) return <Spinner label={paymentTexts.preparing} className="py-8" />;
  return (
    <Elements stripe={stripe}>
      <StripeCardFields intent={intent} flow={flow} isIntentReady={isReady} />
    </Elements>
  );
}

function StripeCardFields({
  intent,
  flow,
  isIntentReady,
}: {
  intent: PaymentIntent;
  flow: PaymentFlow;
  isIntentReady: boolean;
}) {
  const id = useId();
  const failureId = `${id}-failure`;
  const stripe = useStripe();
  const elements = useElements();
  const { failure } = flow;
  const [isReady, setIsReady] = useState(false);
  const cardRef = useRef<StripeCardElement | null>(null);

  // After a refusal: back to the card, to correct it.
  useEffect(() => {
    if (failure) cardRef.current?.focus();
  }, [failure]);

  /** Authorises the amount: 'requires_capture' (the server captures it in the sale). */
  const confirm = async () => {
    const card = elements?.getElement(CardElement);
    if (!stripe || !card) throw new CardError(paymentTexts.cardFormFailed);
    const { error, paymentIntent } = await stripe.confirmCardPayment(intent.clientSecret, {
      payment_method: { card },
    });
    if (error) throw new CardError(error.message ?? paymentMessages.processingError);
    if (paymentIntent.status !== 'requires_capture' && paymentIntent.status !== 'succeeded')
      throw new CardError(paymentMessages.paymentNotConfirmed);
  };

  return (
    <CardForm flow={flow} confirm={confirm} isReady={isReady && isIntentReady && stripe !== null} failureId={failureId}>
      <div role="group" aria-labelledby={`${id}-label`} aria-describedby={failure ? failureId : undefined}>
        <span id={`${id}-label`} className="block text-sm font-medium">
          {paymentTexts.card}
        </span>
        <div className="mt-1 rounded-lg border border-slate-300 bg-white px-3 py-3 dark:border-slate-600 dark:bg-slate-900">
          <CardElement
            options={{ style: { base: { fontSize: '16px', color: isDark() ? '#f1f5f9' : '#0f172a' } } }}
            onReady={(card) => {
              cardRef.current = card;
              setIsReady(true);
            }}
          />
        </div>
      </div>
    </CardForm>
  );
}
