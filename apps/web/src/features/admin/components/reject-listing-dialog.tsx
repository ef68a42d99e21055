import { zodResolver } from '@hookform/resolvers/zod';
import {
  listingReviewLimits,
  listingReviewTexts,
  messages,
  RejectListingSchema,
  type PendingListing,
  type RejectListingInput,
} from '@recell/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { TextAreaField } from '@/components/ui/form';
import { FormDialog } from '@/components/ui/form-dialog';
import { isApiError, wasReported } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useRejectListing } from '../api/listing-reviews';

/**
 * Reject on Listing review: asks for the reason the seller will read (required, length-limited) and
 * rejects. A refusal (decided meanwhile) is said inside the dialog.
 */
export function RejectListingDialog({
  listing,
  onClose,
  onRejected,
}: {
  listing: PendingListing;
  onClose: () => void;
  onRejected: () => void;
}) {
  const reject = useRejectListing();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<RejectListingInput>({ resolver: zodResolver(RejectListingSchema), defaultValues: { reason: '' } });

  const onSubmit = async ({ reason }: RejectListingInput) => {
    setFailure(null);
    try {
      await reject.mutateAsync({ productId: listing.id, reason });
    } catch (error) {
      if (!wasReported(error)) setFailure(isApiError(error) ? error.message : messages.internalError);
      return;
    }
    toast.success(listingReviewTexts.rejected);
    onRejected();
  };

  return (
    <FormDialog
      title={listingReviewTexts.rejectDialogTitle(listing.name)}
      isBusy={isSubmitting}
      failure={failure}
      cancelLabel={listingReviewTexts.cancel}
      submitLabel={listingReviewTexts.rejectConfirm}
      busyLabel={listingReviewTexts.rejecting}
      onSubmit={handleSubmit(onSubmit)}
      onClose={onClose}
    >
      <TextAreaField
        label={listingReviewTexts.rejectReasonLabel}
        hint={listingReviewTexts.rejectReasonHint}
        error={errors.reason?.message}
        maxLength={listingReviewLimits.reasonMaxLength}
        {...register('reason')}
      />
    </FormDialog>
  );
}
