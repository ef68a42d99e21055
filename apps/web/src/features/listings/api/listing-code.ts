import { listingReviewEndpoints } from '@recell/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { callApi } from '@/lib/api-client';

/**
 * POST /api/listing-codes: whether this listing will wait for review and, if so, its code. One per
 * visit of Add Product (a code is used by one listing), so never kept once the form is gone.
 */
export const useListingCode = () =>
  useQuery({
    queryKey: ['listings', 'listing-code'],
    queryFn: () => callApi(listingReviewEndpoints.issueCode),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });

/** PUT /api/listing-codes/:code/photo (204): the verification photo, kept privately with its code. */
export const useUploadVerificationPhoto = () =>
  useMutation({
    mutationFn: ({ code, file }: { code: string; file: File }) => {
      const formData = new FormData();
      formData.append('photo', file);
      return callApi(listingReviewEndpoints.uploadPhoto, { params: { code }, formData });
    },
  });
