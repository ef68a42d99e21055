import { buyingEndpoints, type ReportForm } from '@recell/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/** POST /api/products/:id/reports (201): a buyer reports a listing. */
const reportProduct = (productId: string, report: ReportForm) =>
  callApi(buyingEndpoints.reportProduct, { params: { id: productId }, json: report });

export const useReportProduct = () =>
  useMutation({
    mutationFn: ({ productId, report }: { productId: string; report: ReportForm }) => reportProduct(productId, report),
  });
