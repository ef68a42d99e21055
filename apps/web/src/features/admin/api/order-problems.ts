import { orderProgressEndpoints, type AdminOrderProblemPage } from '@recell/contract';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { dropCachedItems } from '@/lib/cached-pages';
import { pagedQuery } from '@/lib/paged-query';
import { adminKeys } from './admin-keys';

const getOrderProblems = (cursor: string | null, signal?: AbortSignal) =>
  callApi(orderProgressEndpoints.openProblems, { query: { cursor }, signal });

export const orderProblemsQuery = pagedQuery(adminKeys.orderProblems, getOrderProblems);

/** GET /api/admin/order-problems: undecided problem reports with their orders' facts. */
export const useOrderProblems = () => useInfiniteQuery(orderProblemsQuery);

/** A decided problem leaves the list at once, then the list (and the audit log) refresh. */
type DecisionInput = { problemId: string; amountCents?: number };

const useDecision = (decide: (input: DecisionInput) => Promise<unknown>) => {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: adminKeys.orderProblems });
    void queryClient.invalidateQueries({ queryKey: adminKeys.audit });
  };
  return useMutation({
    mutationFn: decide,
    onSuccess: (_, { problemId }) => {
      queryClient.setQueryData(
        adminKeys.orderProblems,
        dropCachedItems<AdminOrderProblemPage>((item) => item.problem.id === problemId),
      );
      refresh();
    },
    onError: refresh,
  });
};

/**
 * POST /api/admin/order-problems/:id/refund: the buyer's payment goes back through the card
 * processor, all of it (no amount) or `amountCents` of it.
 */
export const useRefundProblem = () =>
  useDecision(({ problemId, amountCents }) =>
    callApi(orderProgressEndpoints.refundProblem, {
      params: { id: problemId },
      json: amountCents === undefined ? {} : { amountCents },
    }),
  );

/** POST /api/admin/order-problems/:id/close: closed without a refund. */
export const useCloseProblem = () =>
  useDecision(({ problemId }) => callApi(orderProgressEndpoints.closeProblem, { params: { id: problemId } }));
