import { zodResolver } from '@hookform/resolvers/zod';
import { accessTexts, ratingLimits, RatingReplySchema, ratingTexts, type Sale } from '@recell/contract';
import { OneFieldDialog } from '@/components/ui/one-field-dialog';
import { ConfirmEmailFirstDialog } from '@/features/auth';
import { useReplyToRating } from '../api/reply-to-rating';

const resolver = zodResolver(RatingReplySchema);

/** The sale as the dialog needs it: its id and its buyer's name. */
type RatedSale = { id: string; buyer: Pick<Sale['buyer'], 'name'> };

/** "Reply to {buyer}": the seller's one reply to the rating of a sale. */
function ReplyForm({ sale, onClose }: { sale: RatedSale; onClose: () => void }) {
  const replyToRating = useReplyToRating();
  return (
    <OneFieldDialog
      title={ratingTexts.replyDialogTitle(sale.buyer.name)}
      resolver={resolver}
      defaultValues={{ reply: '' }}
      field={{ name: 'reply', label: ratingTexts.replyLabel, rows: 4, required: true, maxLength: ratingLimits.reply }}
      labels={{ cancel: ratingTexts.cancel, submit: ratingTexts.submitReply, busy: ratingTexts.submittingReply }}
      send={(reply) => replyToRating.mutateAsync({ orderId: sale.id, reply })}
      doneToast={ratingTexts.replied}
      onClose={onClose}
    />
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
