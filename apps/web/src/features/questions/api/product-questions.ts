import { questionEndpoints, type NewQuestion, type QuestionAnswer } from '@recell/contract';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';
import { pagedQuery } from '@/lib/paged-query';

/** Every view of a listing's questions (the answer differs by who asks: the viewer is in the key). */
const questionsKey = (productId: string) => ['product-questions', productId] as const;
const viewerQuestionsKey = (productId: string, viewerId: string | null) =>
  [...questionsKey(productId), viewerId ?? 'visitor'] as const;

/** GET /api/products/:id/questions: the answered questions a page at a time, and the caller's view. */
export const productQuestionsQuery = (productId: string, viewerId: string | null) =>
  pagedQuery(viewerQuestionsKey(productId, viewerId), (cursor, signal) =>
    callApi(questionEndpoints.productQuestions, {
      params: { id: productId },
      query: cursor === null ? {} : { cursor },
      signal,
    }),
  );

/** `enabled`: once the session is known, so a signed-in viewer asks once, with their token. */
export const useProductQuestions = (productId: string, viewerId: string | null, enabled: boolean) =>
  useInfiniteQuery({ ...productQuestionsQuery(productId, viewerId), enabled });

const useRefreshQuestions = (productId: string) => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: questionsKey(productId) });
};

/** POST /api/products/:id/questions; the list refreshes (the asker's waiting ones). */
export const useAskQuestion = (productId: string) => {
  const refresh = useRefreshQuestions(productId);
  return useMutation({
    mutationFn: (question: NewQuestion) =>
      callApi(questionEndpoints.ask, { params: { id: productId }, json: question }),
    onSuccess: refresh,
  });
};

/** POST /api/questions/:id/answer (the listing's seller); the list refreshes. */
export const useAnswerQuestion = (productId: string) => {
  const refresh = useRefreshQuestions(productId);
  return useMutation({
    mutationFn: ({ questionId, answer }: { questionId: string; answer: QuestionAnswer }) =>
      callApi(questionEndpoints.answer, { params: { id: questionId }, json: answer }),
    onSuccess: refresh,
  });
};

/** POST /api/admin/questions/:id/hide or unhide (admin); the list refreshes. */
export const useSetQuestionHidden = (productId: string) => {
  const refresh = useRefreshQuestions(productId);
  return useMutation({
    mutationFn: ({ questionId, hidden }: { questionId: string; hidden: boolean }) =>
      callApi(hidden ? questionEndpoints.hide : questionEndpoints.unhide, { params: { id: questionId } }),
    onSuccess: refresh,
  });
};
