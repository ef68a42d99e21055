import { zodResolver } from '@hookform/resolvers/zod';
import {
  accessTexts,
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
import { ConfirmEmailFirstDialog } from '@/features/auth';
import { useReplyToRating } from '../api/reply-to-rating';
import { useDialogSend } from './dialog-error';

const fieldNames = ['reply'] as const;

/** The sale as the dialog needs it: its id and its buyer's name. */
type RatedSale = { id: string; buyer: Pick<Sale['buyer'], 'name'> };

/** "Reply to {buyer}": the seller's one reply to the rating of a sale. */
function ReplyForm({ sale, onClose }: { sale: RatedSale; onClose: () => void }) {
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

/** Replying to a rating, or for an account whose email is not confirmed yet, why it cannot. */
export default function ReplyDialog({ sale, onClose }: { sale: RatedSale; onClose: () => void }) {
  return (
    <ConfirmEmailFirstDialog
      title={ratingTexts.replyDialogTitle(sale.buyer.name)}
      what={accessTexts.confirmToReply}
      onClose={onClose}
    >
      <ReplyForm sale={sale} onClose={onClose} />
    </ConfirmEmailFirstDialog>
  );
}
