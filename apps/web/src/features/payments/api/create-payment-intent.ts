import { paymentEndpoints } from '@recell/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { paymentKeys } from './payment-keys';

/** POST /api/orders/:id/payment-intent: the order's intent (the server reuses it while the order is open). */
const createPaymentIntent = (orderId: string) =>
  callApi(paymentEndpoints.createPaymentIntent, { params: { id: orderId } });

/**
 * The order's payment intent, created when the page loads (docs/product.md, States and rules), once per visit: a query rather
 * than an effect, so React's StrictMode (which mounts twice in development) and re-renders share the
 * one request. It never goes stale while the page is open and is forgotten when the page closes.
 */
export const usePaymentIntent = (orderId: string, enabled: boolean) =>
  useQuery({
    queryKey: paymentKeys.intent(orderId),
    queryFn: () => createPaymentIntent(orderId),
    enabled,
    // Never refetched (not even when a payment marks every cache stale), dropped once unused.
    staleTime: 'static',
    gcTime: 0,
  });
