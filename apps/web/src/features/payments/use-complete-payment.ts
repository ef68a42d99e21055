import { messages, paymentMessages } from '@recell/contract';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { dashboardPaths } from '@/config/dashboard-paths';
import { isApiError, wasReported } from '@/lib/api-client';
import { playSuccessSound } from '@/lib/success-sound';
import { toast } from '@/lib/toast';
import { usePayOrder } from './api/pay-order';

/** A card the processor refused, in its own words (Stripe.js answers errors rather than throwing). */
export class CardError extends Error {
  override readonly name = 'CardError';
}

/** What to show in red under the form: the processor's message, and the fields it names, if any. */
export type CardFailure = { message: string; fields?: Record<string, string> };

/** Confirms the card with the processor (the amount is authorised); throws when it is refused. */
export type ConfirmCard = () => Promise<void>;

/**
 * The server will not take this payment (409): its message, and whether the order may still be
 * payable with a new payment intent (the old one was cancelled, or the sale was refused after it).
 */
export type Refused = (message: string, renewIntent?: boolean) => void;

export type PaymentFlow = {
  /** Confirms the card, then records the payment; a second call while one runs does nothing. */
  submit: (confirm: ConfirmCard) => Promise<void>;
  isWorking: boolean;
  failure: CardFailure | null;
};

const failureOf = (error: unknown): CardFailure => {
  if (isApiError(error)) return { message: error.message, ...(error.fields ? { fields: error.fields } : {}) };
  if (error instanceof CardError) return { message: error.message };
  return { message: messages.internalError };
};

const isSilent = (error: unknown) =>
  wasReported(error) || (error instanceof DOMException && error.name === 'AbortError');

/**
 * Paying an order (docs/product.md, States and rules): the card is confirmed with the processor (authorised), then
 * POST /api/orders/:id/pay captures it and records the sale. A card the processor refuses shows its
 * message and nothing else happens. After a confirmed card the page always goes on to /pay; if that
 * call fails for a passing reason (network, server), the next click goes straight to /pay again
 * rather than confirming the card twice. The server's refusal of the sale (sold to someone else,
 * already paid, the intent cancelled: 409) goes to `onRefused`, which shows it, reloads the order
 * and, if it can still be paid, gets a new payment intent. Success: 'Congrats!
 * Your Payment Successfull', the success sound and My Orders (this page is replaced in the history:
 * Back does not return to a paid order's form).
 */
export function useCompletePayment({
  orderId,
  paymentIntentId,
  onRefused,
  onAttempt,
}: {
  orderId: string;
  paymentIntentId: string | undefined;
  onRefused: Refused;
  onAttempt: () => void;
}): PaymentFlow {
  const navigate = useNavigate();
  const payOrder = usePayOrder(orderId);
  const [isWorking, setIsWorking] = useState(false);
  const [failure, setFailure] = useState<CardFailure | null>(null);
  // Refs, not state: two clicks in one frame must not both get through.
  const inFlight = useRef(false);
  const authorised = useRef<string | null>(null);

  const submit = async (confirm: ConfirmCard) => {
    if (inFlight.current || !paymentIntentId) return;
    inFlight.current = true;
    setIsWorking(true);
    setFailure(null);
    onAttempt();
    const stop = (shown: CardFailure | null) => {
      inFlight.current = false;
      setIsWorking(false);
      setFailure(shown);
    };

    if (authorised.current !== paymentIntentId) {
      try {
        await confirm();
      } catch (error) {
        if (isApiError(error) && error.status === 409 && error.message === paymentMessages.paymentAlreadyConfirmed) {
          // An earlier confirmation got through (its answer did not): go on to the payment.
        } else if (isApiError(error) && error.status === 409) {
          // The intent can no longer take a card (cancelled): a new one is needed.
          stop(null);
          onRefused(error.message, true);
          return;
        } else {
          stop(isSilent(error) ? null : failureOf(error));
          return;
        }
      }
      authorised.current = paymentIntentId;
    }

    try {
      await payOrder.mutateAsync(paymentIntentId);
    } catch (error) {
      if (isSilent(error)) {
        stop(null);
      } else if (isApiError(error) && (error.status === 409 || error.status === 404)) {
        authorised.current = null;
        stop(null);
        onRefused(error.message, true);
      } else if (isApiError(error) && error.status === 402) {
        // The processor refused the capture: the card has to be confirmed again.
        authorised.current = null;
        stop(failureOf(error));
      } else {
        stop(failureOf(error));
      }
      return;
    }

    // Paid. The button stays disabled while the page moves on.
    toast.success(messages.paymentSuccess);
    playSuccessSound();
    await navigate(dashboardPaths.myOrders.to(), { replace: true });
  };

  return { submit, isWorking, failure };
}
