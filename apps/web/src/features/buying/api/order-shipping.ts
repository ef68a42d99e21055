import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { listingEndpoints, orderShippingEndpoints, shippingTexts } from '@recell/contract';
import { callApi, callApiForFile } from '@/lib/api-client';
import { buyingKeys, listingKeys } from '@/lib/query-keys';

/**
 * GET /api/seller-fee: who pays for shipping (the operator's setting; it changes only with a
 * deployment), so the label dialog can tell a seller the label comes out of their payout.
 */
export const useShippingPaidBy = () =>
  useQuery({
    queryKey: listingKeys.sellerFee,
    queryFn: ({ signal }) => callApi(listingEndpoints.sellerFee, { signal }),
    staleTime: Infinity,
    select: (terms) => terms.shippingPaidBy,
  });

/**
 * POST /api/orders/:id/shipping/rates: the carrier's rates for the order's parcel, asked once per
 * opening of the dialog (each call is a new shipment at the carrier), never retried on its own.
 */
export const useShippingRates = (orderId: string) =>
  useQuery({
    queryKey: [...buyingKeys.allOrderDetails, orderId, 'shipping-rates'],
    queryFn: ({ signal }) => callApi(orderShippingEndpoints.rates, { params: { id: orderId }, signal }),
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });

/** POST /api/orders/:id/shipping/label: buys the chosen rate's label; the order is shipped. */
export const useBuyLabel = () => {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: buyingKeys.myOrders });
    void queryClient.invalidateQueries({ queryKey: buyingKeys.mySales });
    void queryClient.invalidateQueries({ queryKey: buyingKeys.allOrderDetails });
  };
  return useMutation({
    mutationFn: ({ orderId, rateId }: { orderId: string; rateId: string }) =>
      callApi(orderShippingEndpoints.buyLabel, { params: { id: orderId }, json: { rateId } }),
    onSuccess: refresh,
    onError: refresh,
  });
};

/** GET /api/orders/:id/shipping/label.pdf: the label, saved as a file the seller prints. */
export const downloadLabel = async (orderId: string) => {
  const file = await callApiForFile(orderShippingEndpoints.labelPdf, { id: orderId });
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = shippingTexts.labelFileName(orderId);
  document.body.append(link);
  link.click();
  link.remove();
  // Let the browser start the download before the address goes away.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
};
