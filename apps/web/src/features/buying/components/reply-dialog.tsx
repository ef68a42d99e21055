import { zodResolver } from '@hookform/resolvers/zod';
import {
  ratingLimits,
  RatingReplySchema,
  ratingTexts,
  type RatingReply,
  type RatingReplyInput,
  type Sale,
} from '@recell/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { TextAreaField } from '@/components/ui/form';
import { FormDialog } from '@/components/ui/form-dialog';
import { toast } from '@/lib/toast';
import { useReplyToRating } from '../api/reply-to-rating';
import { dialogError } from './dialog-error';

const fieldNames = ['reply'] as const;

/** "Reply to {buyer}": the seller's one reply to the rating of a sale. */
export default function ReplyDialog({ sale, onClose }: { sale: Sale; onClose: () => void }) {
  const replyToRating = useReplyToRating();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RatingReplyInput, unknown, RatingReply>({
    resolver: zodResolver(RatingReplySchema),
    defaultValues: { reply: '' },
  });

  const onSubmit = async (reply: RatingReply) => {
    setFailure(null);
    try {
      await replyToRating.mutateAsync({ orderId: sale.id, reply });
    } catch (error) {
      setFailure(dialogError(error, setError, fieldNames));
      return;
    }
    onClose();
    toast.success(ratingTexts.replied);
  };

  return (
    <FormDialog
      title={ratingTexts.replyDialogTitle(sale.buyer.name)}
      isBusy={isSubmitting}
      failure={failure}
      cancelLabel={ratingTexts.cancel}
      submitLabel={ratingTexts.submitReply}
      busyLabel={ratingTexts.submittingReply}
      onSubmit={handleSubmit(onSubmit)}
      onClose={onClose}
    >
      <TextAreaField
        label={ratingTexts.replyLabel}
        error={errors.reply?.message}
        rows={4}
        required
        maxLength={ratingLimits.reply}
        {...register('reply')}
      />
    </FormDialog>
  );
}
