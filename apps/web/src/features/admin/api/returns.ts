import { orderReturnEndpoints, type AdminReturnPage, type DecideReturnInput } from '@recell/contract';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { dropCachedItems } from '@/lib/cached-pages';
import { pagedQuery } from '@/lib/paged-query';
import { adminKeys } from './admin-keys';

const getReturnsToDecide = (cursor: string | null, signal?: AbortSignal) =>
  callApi(orderReturnEndpoints.returnsToDecide, { query: { cursor }, signal });

export const returnsToDecideQuery = pagedQuery(adminKeys.returns, getReturnsToDecide);

/** GET /api/admin/returns: returns waiting for an admin's decision, with their orders' facts. */
export const useReturnsToDecide = () => useInfiniteQuery(returnsToDecideQuery);

/**
 * POST /api/admin/returns/:id/decide: accept, refund (all, or `amountCents`) or reject, with a
 * reason. A decided return leaves the list at once, then the list (and the audit log) refresh.
 */
export const useDecideReturn = () => {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: adminKeys.returns });
    void queryClient.invalidateQueries({ queryKey: adminKeys.audit });
  };
  return useMutation({
    mutationFn: ({ returnId, body }: { returnId: string; body: DecideReturnInput }) =>
      callApi(orderReturnEndpoints.decideReturn, { params: { id: returnId }, json: body }),
    onSuccess: (_, { returnId }) => {
      queryClient.setQueryData(
        adminKeys.returns,
        dropCachedItems<AdminReturnPage>((item) => item.return.id === returnId),
      );
      refresh();
    },
    onError: refresh,
  });
};
