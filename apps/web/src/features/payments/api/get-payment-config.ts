import { paymentEndpoints } from '@recell/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { paymentKeys } from './payment-keys';

const getPaymentConfig = (signal?: AbortSignal) => callApi(paymentEndpoints.config, { signal });

/** GET /api/payments/config: the test-mode processor or Stripe (with its publishable key). */
export const paymentConfigQuery = queryOptions({
  queryKey: paymentKeys.config,
  queryFn: ({ signal }) => getPaymentConfig(signal),
});

export const usePaymentConfig = () => useQuery(paymentConfigQuery);
