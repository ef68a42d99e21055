import { zodResolver } from '@hookform/resolvers/zod';
import {
  ratingLimits,
  RatingReplySchema,
  ratingTexts,
  type RatingReply,
  type RatingReplyInput,
  type Sale,
} from '@recell/contract';

import { useForm } from 'react-hook-form';
import { TextAreaField } from '@/components/ui/form';
import { FormDialog } from '@/components/ui/form-dialog';
import { useReplyToRating } from '../api/reply-to-rating';
import { useDialogSend } from './dialog-error';

const fieldNames = ['reply'] as const;

/** "Reply to {buyer}": the seller's one reply to the rating of a sale. */
export default function ReplyDialog({
  sale,
  onClose,
}: {
  sale: { id: string; buyer: Pick<Sale['buyer'], 'name'> };
  onClose: () => void;
}) {
  const replyToRating = useReplyToRating();
  const form = useForm<RatingReplyInput, unknown, RatingReply>({
    resolver: zodResolver(RatingReplySchema),
    defaultValues: { reply: '' },
  });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;

  const { failure, onSubmit } = useDialogSend(form, {
    fieldNames,
    send: (reply) => replyToRating.mutateAsync({ orderId: sale.id, reply }),
    onDone: onClose,
    doneToast: ratingTexts.replied,
  });

  return (
    <FormDialog
      title={ratingTexts.replyDialogTitle(sale.buyer.name)}
      isBusy={isSubmitting}
      failure={failure}
      cancelLabel={ratingTexts.cancel}
      submitLabel={ratingTexts.submitReply}
      busyLabel={ratingTexts.submittingReply}
      onSubmit={onSubmit}
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
