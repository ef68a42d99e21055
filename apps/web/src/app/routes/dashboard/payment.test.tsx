import {
  accountTexts,
  buyingMessages,
  messages,
  paymentMessages,
  paymentTexts,
  type Order,
  type PaymentConfig,
  type PaymentIntent,
} from '@recell/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { Route, Routes, useNavigate } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PaymentPage } from '@/app/routes/dashboard/payment';
import type { AuthContextValue } from '@/features/auth';
import { playSuccessSound } from '@/lib/success-sound';
import { apiError, mockApi } from '@/test/api-mock';
import { deferred, jsonResponse, makeMe, makeOrder } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';

vi.mock('@/lib/success-sound', () => ({ playSuccessSound: vi.fn() }));

// Stripe mode: Stripe.js and Elements stand-ins (the real ones load a script from Stripe).
const stripe = vi.hoisted(() => ({
  card: { focus: () => {} },
  confirmCardPayment: vi.fn(),
  loadStripe: vi.fn(),
}));
vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: stripe.loadStripe }));
vi.mock('@stripe/react-stripe-js', async () => {
  const { useEffect } = await import('react');
  return {
    Elements: ({ children }: { children: React.ReactNode }) => children,
    CardElement: ({ onReady }: { onReady?: (card: unknown) => void }) => {
      useEffect(() => {
        onReady?.(stripe.card);
      }, [onReady]);
      return <div data-testid="stripe-card-element" />;
    },
    useStripe: () => ({ confirmCardPayment: stripe.confirmCardPayment }),
    useElements: () => ({ getElement: () => stripe.card }),
  };
});

const buyer: AuthContextValue = { status: 'signedIn', user: makeMe({ role: 'user' }), logout: async () => {} };

const orderId = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
/** The order to pay: booked at $450, while the phone is listed at $475 now (the charge is the booked price). */
const orderToPay = ({ product, ...overrides }: Partial<Order> = {}): Order => {
  const order = makeOrder({ priceCents: 45_000, ...overrides }, { name: 'iPhone 13 Pro', priceCents: 47_500 });
  return product ? { ...order, product } : order;
};

const intent: PaymentIntent = {
  paymentIntentId: 'pi_test_123',
  clientSecret: 'pi_test_123_secret_abc',
  amountCents: 45_000,
  priceCents: 45_000,
  buyerFeeCents: 0,
  shippingCents: 0,
  currency: 'usd',
  processor: 'test',
};
const testMode: PaymentConfig = { processor: 'test', publishableKey: null };

const routes = {
  order: `GET /api/orders/${orderId}`,
  config: 'GET /api/payments/config',
  intent: `POST /api/orders/${orderId}/payment-intent`,
  confirm: `POST /api/test-processor/payment-intents/${intent.paymentIntentId}/confirm`,
  pay: `POST /api/orders/${orderId}/pay`,
};

/** The API of a buyer paying `order` (the order turns paid once /pay answers). */
const serve = (
  order: Order,
  overrides: Partial<Record<keyof typeof routes, Parameters<typeof mockApi>[0][string]>> = {},
  config: PaymentConfig = testMode,
  extra: Parameters<typeof mockApi>[0] = {},
) => {
  let current = order;
  const handlers: Parameters<typeof mockApi>[0] = {
    [routes.order]: () => jsonResponse(current),
    [routes.config]: () => jsonResponse(config),
    [routes.intent]: () => jsonResponse({ ...intent, processor: config.processor }, 201),
    [routes.confirm]: () => jsonResponse({ paymentIntentId: intent.paymentIntentId, status: 'requires_capture' }),
    [routes.pay]: () => {
      current = { ...current, status: 'paid', canPay: false, transactionId: intent.paymentIntentId };
      current = { ...current, paidAt: '2025-01-06T10:00:00.000Z', product: { ...current.product, status: 'sold' } };
      return jsonResponse(current);
    },
  };
  for (const [name, handler] of Object.entries(overrides)) handlers[routes[name as keyof typeof routes]] = handler;
  return mockApi({ ...handlers, ...extra });
};

/** My Orders, where a paid buyer lands; its Back button shows whether the payment page is still in the history. */
function MyOrdersStandIn() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate(-1)}>
      Back
    </button>
  );
}

const renderPage = (page = <PaymentPage />) =>
  renderWithProviders(
    <Routes>
      <Route path="/dashboard/orders/payment/:id" element={page} />
      <Route path="/dashboard/my-orders" element={<MyOrdersStandIn />} />
    </Routes>,
    { route: `/dashboard/orders/payment/${orderId}`, auth: buyer },
  );

const payButton = () => screen.getByRole('button', { name: paymentTexts.payButton });
const cardForm = () => screen.findByRole('form', { name: paymentTexts.cardFormLabel });
const cardFailure = () => within(screen.getByRole('form', { name: paymentTexts.cardFormLabel })).getByRole('alert');

const fillCard = async (number = '4242424242424242', expiry = '1230', cvc = '123') => {
  await userEvent.type(screen.getByLabelText(paymentTexts.cardNumber), number);
  await userEvent.type(screen.getByLabelText(paymentTexts.expiry), expiry);
  await userEvent.type(screen.getByLabelText(paymentTexts.cvc), cvc);
};

/** The value shown for a term of the order summary (Price, Original Price, Brand Name). */
const summaryValue = (term: string) => {
  const summary = within(screen.getByRole('region', { name: paymentTexts.summaryLabel }));
  const terms = summary.getAllByRole('term').map((element) => element.textContent);
  return summary.getAllByRole('definition')[terms.indexOf(term)]?.textContent;
};

beforeEach(() => {
  vi.mocked(playSuccessSound).mockClear();
  stripe.confirmCardPayment.mockReset();
  stripe.loadStripe.mockReset();
});

describe('the payment page', () => {
  it("shows 'Making {name} Payments', the order's Price, Original Price and Brand Name, and the card form", async () => {
    const api = serve(orderToPay());
    renderPage();

    expect(
      await screen.findByRole('heading', { level: 1, name: messages.paymentHeading('iPhone 13 Pro') }),
    ).toBeInTheDocument();
    expect(summaryValue(paymentTexts.price)).toBe('$450');
    expect(summaryValue(paymentTexts.originalPrice)).toBe('$999.50');
    expect(summaryValue(paymentTexts.brandName)).toBe('Apple');

    await cardForm();
    expect(screen.getByLabelText(paymentTexts.cardNumber)).toHaveAttribute('autocomplete', 'cc-number');
    expect(screen.getByLabelText(paymentTexts.cardNumber)).toHaveAttribute('inputmode', 'numeric');
    expect(screen.getByLabelText(paymentTexts.expiry)).toHaveAttribute('autocomplete', 'cc-exp');
    expect(screen.getByLabelText(paymentTexts.cvc)).toHaveAttribute('autocomplete', 'cc-csc');
    // The built-in test mode says which cards it knows.
    expect(screen.getByLabelText(paymentTexts.cardNumber)).toHaveAccessibleDescription(/4242 4242 4242 4242 succeeds/);
    expect(screen.getByText('4000 0000 0000 0002')).toBeInTheDocument();
    expect(payButton()).toBeEnabled();
    expect(screen.getByText(paymentTexts.charge('$450'))).toBeInTheDocument();
    expect(screen.queryByText(/service fee/)).toBeNull();
    expect(screen.queryByText(/^Shipping/)).toBeNull();
    expect(api.callsTo(routes.intent)).toHaveLength(1);
  });

  it('shows the service fee before paying, and the total the card is charged', async () => {
    const withFee = { ...intent, buyerFeeCents: 1125, amountCents: 46_125 };
    const api = serve(orderToPay(), { intent: () => jsonResponse(withFee, 201) });
    renderPage();
    expect(await screen.findByText(paymentTexts.serviceFee('$450', '$11.25'))).toBeInTheDocument();
    expect(screen.getByText(paymentTexts.charge('$461.25'))).toBeInTheDocument();
    expect(api.callsTo(routes.intent)).toHaveLength(1);
  });

  it('shows the shipping the buyer pays, and the total with it', async () => {
    const withShipping = { ...intent, shippingCents: 650, amountCents: 45_650 };
    serve(orderToPay(), { intent: () => jsonResponse(withShipping, 201) });
    renderPage();
    expect(await screen.findByText(paymentTexts.shipping('$6.50'))).toBeInTheDocument();
    expect(screen.getByText(paymentTexts.charge('$456.50'))).toBeInTheDocument();
  });

  it('creates the payment intent once per visit, even under StrictMode', async () => {
    const api = serve(orderToPay());
    renderPage(
      <StrictMode>
        <PaymentPage />
      </StrictMode>,
    );

    await cardForm();
    expect(api.callsTo(routes.intent)).toHaveLength(1);
  });

  it('groups the card number in fours and the expiry as MM/YY as they are typed', async () => {
    serve(orderToPay());
    renderPage();
    await cardForm();

    await fillCard('4242424242424242', '1230', '12345');

    expect(screen.getByLabelText(paymentTexts.cardNumber)).toHaveValue('4242 4242 4242 4242');
    expect(screen.getByLabelText(paymentTexts.expiry)).toHaveValue('12/30');
    expect(screen.getByLabelText(paymentTexts.cvc)).toHaveValue('1234');

    // Backspace over the slash takes the digit before it.
    await userEvent.type(screen.getByLabelText(paymentTexts.expiry), '{Backspace}{Backspace}{Backspace}');
    expect(screen.getByLabelText(paymentTexts.expiry)).toHaveValue('1');
  });

  it('takes a card pasted or typed with its own spaces and slash, as printed on the card', async () => {
    serve(orderToPay());
    renderPage();
    await cardForm();

    await userEvent.click(screen.getByLabelText(paymentTexts.cardNumber));
    await userEvent.paste('4242 4242 4242 4242');
    expect(screen.getByLabelText(paymentTexts.cardNumber)).toHaveValue('4242 4242 4242 4242');
    await userEvent.clear(screen.getByLabelText(paymentTexts.cardNumber));
    await userEvent.type(screen.getByLabelText(paymentTexts.cardNumber), '4242 4242 4242 4242');
    expect(screen.getByLabelText(paymentTexts.cardNumber)).toHaveValue('4242 4242 4242 4242');

    await userEvent.click(screen.getByLabelText(paymentTexts.expiry));
    await userEvent.paste('12 / 34');
    expect(screen.getByLabelText(paymentTexts.expiry)).toHaveValue('12/34');
  });

  it("pays with a test card: confirms it, then records the payment, then 'Congrats!', the sound and My Orders", async () => {
    const api = serve(orderToPay());
    renderPage();
    await cardForm();

    await fillCard();
    await userEvent.click(payButton());

    expect(await screen.findByText(messages.paymentSuccess)).toBeInTheDocument();
    await waitFor(() => {
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard\/my-orders$/);
    });
    expect(playSuccessSound).toHaveBeenCalledTimes(1);
    expect(api.callsTo(routes.confirm).map((call) => call.body)).toEqual([
      { clientSecret: intent.clientSecret, number: '4242424242424242', expiry: '12/30', cvc: '123' },
    ]);
    expect(api.callsTo(routes.pay).map((call) => call.body)).toEqual([{ paymentIntentId: intent.paymentIntentId }]);
    const order = api.calls.map((call) => `${call.method} ${call.path}`);
    expect(order.indexOf(routes.confirm)).toBeLessThan(order.indexOf(routes.pay));
    // The paid order's form is not in the history any more: Back does not return to it.
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard\/my-orders$/);
  });

  it("shows a declined card's message in red under the form, and does not pay", async () => {
    const api = serve(orderToPay(), {
      confirm: () => apiError(402, 'payment_failed', paymentMessages.cardDeclined),
    });
    renderPage();
    await cardForm();

    await fillCard('4000000000000002');
    await userEvent.click(payButton());

    await waitFor(() => {
      expect(cardFailure()).toHaveTextContent(paymentMessages.cardDeclined);
    });
    expect(cardFailure()).toHaveClass('text-red-700');
    expect(api.callsTo(routes.pay)).toHaveLength(0);
    expect(playSuccessSound).not.toHaveBeenCalled();
    expect(screen.queryByText(messages.paymentSuccess)).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(`/dashboard/orders/payment/${orderId}`);
    // The buyer can correct the card and try again.
    expect(payButton()).toBeEnabled();
    expect(screen.getByLabelText(paymentTexts.cardNumber)).toHaveFocus();
  });

  it('marks the field the processor names and moves to it', async () => {
    serve(orderToPay(), {
      confirm: () =>
        apiError(402, 'payment_failed', paymentMessages.incorrectCvc, { cvc: paymentMessages.incorrectCvc }),
    });
    renderPage();
    await cardForm();

    await fillCard('4000000000000127');
    await userEvent.click(payButton());

    const cvc = screen.getByLabelText(paymentTexts.cvc);
    await waitFor(() => {
      expect(cvc).toHaveAttribute('aria-invalid', 'true');
    });
    expect(cvc).toHaveFocus();
    expect(cvc).toHaveAccessibleDescription(paymentMessages.incorrectCvc);
    expect(screen.getByLabelText(paymentTexts.cardNumber)).not.toHaveAttribute('aria-invalid');
  });

  it('disables the Payment button while it works: a double click pays once', async () => {
    const confirmation = deferred<Response>();
    const api = serve(orderToPay(), { confirm: () => confirmation.promise });
    renderPage();
    await cardForm();
    await fillCard();

    await userEvent.dblClick(payButton());
    expect(payButton()).toBeDisabled();
    expect(screen.getByText(paymentTexts.paying)).toBeInTheDocument();
    await userEvent.click(payButton());
    // Even a submission that gets past the disabled button (two events in one frame) is ignored.
    fireEvent.submit(screen.getByRole('form', { name: paymentTexts.cardFormLabel }));

    confirmation.resolve(jsonResponse({ paymentIntentId: intent.paymentIntentId, status: 'requires_capture' }));
    expect(await screen.findByText(messages.paymentSuccess)).toBeInTheDocument();
    expect(api.callsTo(routes.confirm)).toHaveLength(1);
    expect(api.callsTo(routes.pay)).toHaveLength(1);
  });

  it('after a confirmed card, retries only the payment when recording it failed', async () => {
    let attempts = 0;
    const api = serve(orderToPay(), {
      pay: () => {
        attempts += 1;
        if (attempts === 1) return apiError(503, 'unavailable', 'The service is busy. Try again.');
        return jsonResponse(orderToPay({ status: 'paid', canPay: false, transactionId: intent.paymentIntentId }));
      },
    });
    renderPage();
    await cardForm();
    await fillCard();

    await userEvent.click(payButton());
    await waitFor(() => {
      expect(cardFailure()).toHaveTextContent('The service is busy. Try again.');
    });
    await userEvent.click(payButton());

    expect(await screen.findByText(messages.paymentSuccess)).toBeInTheDocument();
    expect(api.callsTo(routes.confirm)).toHaveLength(1);
    expect(api.callsTo(routes.pay)).toHaveLength(2);
  });

  it('says so when the phone was just sold to another buyer, and shows the order can no longer be paid', async () => {
    let sold = false;
    serve(orderToPay(), {
      order: () =>
        jsonResponse(
          sold ? orderToPay({ canPay: false, product: { ...orderToPay().product, status: 'sold' } }) : orderToPay(),
        ),
      pay: () => {
        sold = true;
        return apiError(409, 'conflict', paymentMessages.phoneSold);
      },
    });
    renderPage();
    await cardForm();
    await fillCard();

    await userEvent.click(payButton());

    expect(await screen.findByText(paymentMessages.phoneSold)).toHaveAttribute('role', 'alert');
    await waitFor(() => {
      expect(screen.queryByRole('form', { name: paymentTexts.cardFormLabel })).not.toBeInTheDocument();
    });
    expect(screen.getByText(messages.statusSold)).toBeInTheDocument();
    expect(screen.queryByText(messages.paymentSuccess)).not.toBeInTheDocument();
    expect(playSuccessSound).not.toHaveBeenCalled();
  });

  it('gets a new payment intent when the old one was cancelled, and pays with it', async () => {
    const renewed = { ...intent, paymentIntentId: 'pi_test_456', clientSecret: 'pi_test_456_secret_def' };
    let intents = 0;
    let payments = 0;
    const renewedConfirm = `POST /api/test-processor/payment-intents/${renewed.paymentIntentId}/confirm`;
    const api = serve(
      orderToPay(),
      {
        intent: () => {
          intents += 1;
          return jsonResponse(intents === 1 ? intent : renewed);
        },
        pay: () => {
          payments += 1;
          if (payments === 1) return apiError(409, 'conflict', paymentMessages.paymentIntentCanceled);
          return jsonResponse(orderToPay({ status: 'paid', canPay: false, transactionId: renewed.paymentIntentId }));
        },
      },
      testMode,
      {
        [renewedConfirm]: () => jsonResponse({ paymentIntentId: renewed.paymentIntentId, status: 'requires_capture' }),
      },
    );
    renderPage();
    await cardForm();
    await fillCard();

    await userEvent.click(payButton());

    expect(await screen.findByText(paymentMessages.paymentIntentCanceled)).toHaveAttribute('role', 'alert');
    await waitFor(() => {
      expect(api.callsTo(routes.intent)).toHaveLength(2);
    });
    // The card stays as typed; Payment is ready again once the new intent is there.
    expect(screen.getByLabelText(paymentTexts.cardNumber)).toHaveValue('4242 4242 4242 4242');
    await waitFor(() => {
      expect(payButton()).toBeEnabled();
    });
    await userEvent.click(payButton());

    expect(await screen.findByText(messages.paymentSuccess)).toBeInTheDocument();
    expect(api.callsTo(renewedConfirm).map((call) => call.body)).toEqual([
      { clientSecret: renewed.clientSecret, number: '4242424242424242', expiry: '12/30', cvc: '123' },
    ]);
    expect(api.callsTo(routes.pay).map((call) => call.body)).toEqual([
      { paymentIntentId: intent.paymentIntentId },
      { paymentIntentId: renewed.paymentIntentId },
    ]);
  });

  it('goes on to the payment when the card had already been confirmed', async () => {
    const api = serve(orderToPay(), {
      confirm: () => apiError(409, 'conflict', paymentMessages.paymentAlreadyConfirmed),
    });
    renderPage();
    await cardForm();
    await fillCard();

    await userEvent.click(payButton());

    expect(await screen.findByText(messages.paymentSuccess)).toBeInTheDocument();
    expect(api.callsTo(routes.pay)).toHaveLength(1);
  });

  it("shows a paid order's grey 'Paid' and no form", async () => {
    const api = serve(orderToPay({ status: 'paid', canPay: false, transactionId: 'pi_paid' }));
    renderPage();

    expect(await screen.findByText(messages.paid)).toHaveClass('bg-slate-200');
    expect(screen.getByText(paymentTexts.paidNotice)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: paymentTexts.backToOrders })).toHaveAttribute(
      'href',
      '/dashboard/my-orders',
    );
    expect(screen.queryByLabelText(paymentTexts.cardNumber)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: paymentTexts.payButton })).not.toBeInTheDocument();
    expect(api.callsTo(routes.intent)).toHaveLength(0);
  });

  it('says an order whose phone was sold to someone else cannot be paid, and shows no form', async () => {
    const api = serve(orderToPay({ canPay: false, product: { ...orderToPay().product, status: 'sold' } }));
    renderPage();

    expect(await screen.findByText(paymentTexts.soldNotice)).toBeInTheDocument();
    expect(screen.getByText(messages.statusSold)).toBeInTheDocument();
    expect(screen.queryByLabelText(paymentTexts.cardNumber)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: paymentTexts.payButton })).not.toBeInTheDocument();
    expect(api.callsTo(routes.intent)).toHaveLength(0);
  });

  it("says an order that cannot be paid any more (its phone removed) can't be, without a form", async () => {
    serve(orderToPay({ canPay: false, product: { ...orderToPay().product, status: 'removed' } }));
    renderPage();

    expect(await screen.findByText(paymentMessages.orderNotPayable)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: paymentTexts.payButton })).not.toBeInTheDocument();
  });

  it("answers another buyer's (or an unknown) order with the not-found message", async () => {
    const api = serve(orderToPay(), { order: () => apiError(404, 'not_found', buyingMessages.orderNotFound) });
    renderPage();

    expect(await screen.findByText(buyingMessages.orderNotFound)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: accountTexts.payment })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: paymentTexts.payButton })).not.toBeInTheDocument();
    expect(api.callsTo(routes.intent)).toHaveLength(0);
  });

  it('shows the refusal when the payment intent cannot be made (paid meanwhile) and the order as it is now', async () => {
    let paid = false;
    serve(orderToPay(), {
      order: () => jsonResponse(paid ? orderToPay({ status: 'paid', canPay: false }) : orderToPay()),
      intent: () => {
        paid = true;
        return apiError(409, 'conflict', paymentMessages.orderPaid);
      },
    });
    renderPage();

    expect(await screen.findByText(paymentMessages.orderPaid)).toHaveAttribute('role', 'alert');
    expect(await screen.findByText(paymentTexts.paidNotice)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: paymentTexts.payButton })).not.toBeInTheDocument();
  });

  describe('with Stripe', () => {
    const stripeMode: PaymentConfig = { processor: 'stripe', publishableKey: 'pk_test_recell' };

    it('loads Stripe with the publishable key, confirms the card with Stripe, then records the payment', async () => {
      stripe.loadStripe.mockResolvedValue({ confirmCardPayment: stripe.confirmCardPayment });
      stripe.confirmCardPayment.mockResolvedValue({ paymentIntent: { id: 'pi_test_123', status: 'requires_capture' } });
      const api = serve(orderToPay(), {}, stripeMode);
      renderPage();

      expect(await screen.findByTestId('stripe-card-element')).toBeInTheDocument();
      expect(screen.queryByLabelText(paymentTexts.cardNumber)).not.toBeInTheDocument();
      expect(stripe.loadStripe).toHaveBeenCalledWith('pk_test_recell');
      await waitFor(() => {
        expect(payButton()).toBeEnabled();
      });
      await userEvent.click(payButton());

      expect(await screen.findByText(messages.paymentSuccess)).toBeInTheDocument();
      expect(stripe.confirmCardPayment).toHaveBeenCalledWith(intent.clientSecret, {
        payment_method: { card: stripe.card },
      });
      expect(api.callsTo(routes.confirm)).toHaveLength(0);
      expect(api.callsTo(routes.pay).map((call) => call.body)).toEqual([{ paymentIntentId: intent.paymentIntentId }]);
      expect(playSuccessSound).toHaveBeenCalledTimes(1);
    });

    it("shows Stripe's error in red under the form and does not pay", async () => {
      stripe.loadStripe.mockResolvedValue({ confirmCardPayment: stripe.confirmCardPayment });
      stripe.confirmCardPayment.mockResolvedValue({
        error: { type: 'card_error', code: 'card_declined', message: paymentMessages.cardDeclined },
      });
      const api = serve(orderToPay(), {}, stripeMode);
      renderPage();

      await screen.findByTestId('stripe-card-element');
      await waitFor(() => {
        expect(payButton()).toBeEnabled();
      });
      await userEvent.click(payButton());

      await waitFor(() => {
        expect(cardFailure()).toHaveTextContent(paymentMessages.cardDeclined);
      });
      expect(api.callsTo(routes.pay)).toHaveLength(0);
    });
  });
});
