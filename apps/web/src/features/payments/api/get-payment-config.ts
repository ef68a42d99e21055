import { PaymentConfigSchema } from '@recell/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { paymentApiPaths } from './payment-api-paths';
import { paymentKeys } from './payment-keys';

export const getPaymentConfig = (signal?: AbortSignal) =>
  apiRequest(paymentApiPaths.config, PaymentConfigSchema, signal ? { signal } : {});

/** GET /api/payments/config: the test-mode processor or Stripe (with its publishable key). */
export const usePaymentConfig = () =>
  useQuery({ queryKey: paymentKeys.config, queryFn: ({ signal }) => getPaymentConfig(signal) });
