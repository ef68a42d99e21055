import { paymentEndpoints } from '@recell/contract';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { paymentKeys } from './payment-keys';

const getPaymentConfig = (signal?: AbortSignal) => callApi(paymentEndpoints.config, { signal });

/** GET /api/payments/config: the test-mode processor or Stripe (with its publishable key). */
export const usePaymentConfig = () =>
  useQuery({ queryKey: paymentKeys.config, queryFn: ({ signal }) => getPaymentConfig(signal) });
