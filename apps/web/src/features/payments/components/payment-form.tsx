import { formatPrice, paymentTexts, type Order } from '@recell/contract';
import { lazy, Suspense, useEffect, useState } from 'react';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { isApiError } from '@/lib/api-error';
import { loadChunk } from '@/lib/load-chunk';
import { usePaymentIntent } from '../api/create-payment-intent';
import { usePaymentConfig } from '../api/get-payment-config';
import { useCompletePayment, type Refused } from '../use-complete-payment';
import { TestCardForm } from './test-card-form';

// Stripe Elements and the Stripe SDK: only in Stripe mode, in their own chunk.
const StripeCardForm = lazy(() => loadChunk(() => import('./stripe-card-form')));

/** The server will not take a payment for this order (paid, sold meanwhile, gone). */
const isRefusal = (error: unknown) => isApiError(error) && (error.status === 409 || error.status === 404);

/**
 * The card input and the Payment button for an order that can be paid. The payment intent is
 * created as the page loads (docs/product.md, States and rules); the form is the built-in test-mode processor's or Stripe
 * Elements, as GET /api/payments/config says. While a new intent is on its way (the old one was
 * cancelled), the form stays as typed and Payment waits for it.
 */
export function PaymentForm({
  order,
  onRefused,
  onAttempt,
}: {
  order: Order;
  /** Shows the server's refusal; resolves with the order as it is now. */
  onRefused: (message: string) => Promise<Order | undefined>;
  onAttempt: () => void;
}) {
  const config = usePaymentConfig();
  const intent = usePaymentIntent(order.id, true);
  const refetchIntent = intent.refetch;
  // Payment waits while the order and a new intent load after a refusal.
  const [isRenewing, setIsRenewing] = useState(false);
  const refused: Refused = (message, renewIntent = false) => {
    if (renewIntent) setIsRenewing(true);
    void onRefused(message)
      .then(async (current) => {
        // Still payable (the old intent was cancelled): a new intent, for another try.
        if (renewIntent && current?.status === 'booked' && current.canPay) await refetchIntent();
      })
      .finally(() => {
        setIsRenewing(false);
      });
  };
  const flow = useCompletePayment({
    orderId: order.id,
    paymentIntentId: intent.data?.paymentIntentId,
    onRefused: refused,
    onAttempt,
  });

  const intentError = intent.error;
  useEffect(() => {
    if (intentError && isRefusal(intentError)) void onRefused(intentError.message);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per refusal, not per render
  }, [intentError]);

  if (config.isError) return <LoadError error={config.error} onRetry={() => void config.refetch()} />;
  if (intent.isError)
    return isRefusal(intent.error) ? null : <LoadError error={intent.error} onRetry={() => void intent.refetch()} />;
  if (config.isPending || intent.isPending) return <Spinner label={paymentTexts.preparing} className="py-8" />;

  return (
    <div className="grid gap-3">
      {intent.data.buyerFeeCents > 0 && (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {paymentTexts.serviceFee(formatPrice(intent.data.priceCents), formatPrice(intent.data.buyerFeeCents))}
        </p>
      )}
      {intent.data.shippingCents > 0 && (
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {paymentTexts.shipping(formatPrice(intent.data.shippingCents))}
        </p>
      )}
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {paymentTexts.charge(formatPrice(intent.data.amountCents))}
      </p>
      {config.data.processor === 'stripe' && config.data.publishableKey ? (
        <Suspense fallback={<Spinner label={paymentTexts.preparing} className="py-8" />}>
          <StripeCardForm
            publishableKey={config.data.publishableKey}
            intent={intent.data}
            flow={flow}
            isReady={!intent.isFetching && !isRenewing}
          />
        </Suspense>
      ) : (
        <TestCardForm intent={intent.data} flow={flow} isReady={!intent.isFetching && !isRenewing} />
      )}
    </div>
  );
}
