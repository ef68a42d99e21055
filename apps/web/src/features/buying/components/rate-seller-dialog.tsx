import { zodResolver } from '@hookform/resolvers/zod';
import {
  accessTexts,
  ratingLimits,
  ratingStars,
  ratingTexts,
  RateSellerFormSchema,
  type Order,
} from '@recell/contract';
import { OneFieldDialog } from '@/components/ui/one-field-dialog';
import { ConfirmEmailFirstDialog } from '@/features/auth';
import { useRateSeller } from '../api/rate-seller';

const resolver = zodResolver(RateSellerFormSchema);

/** Five stars down to one, each with its words. */
const starOptions = [...ratingStars].reverse().map((stars) => ({
  value: String(stars),
  label: (
    <>
      <span aria-hidden="true" className="text-amber-600 dark:text-amber-400">
        {'★'.repeat(stars)}
      </span>
      {ratingTexts.starLabel(stars)}
    </>
  ),
}));

/** The order as the dialog needs it: its id and its seller's name. */
type RatedOrder = { id: string; seller: Pick<Order['seller'], 'name'> };

/**
 * "Rate {seller}": 1–5 stars (a radio group, each with its words) and an optional comment. A
 * refusal (rated already, not completed) is said inside the dialog.
 */
function RateSellerForm({ order, onClose }: { order: RatedOrder; onClose: () => void }) {
  const rateSeller = useRateSeller();
  return (
    <OneFieldDialog
      title={ratingTexts.rateDialogTitle(order.seller.name)}
      resolver={resolver}
      defaultValues={{ comment: '' }}
      choice={{ name: 'stars', legend: ratingTexts.starsLegend, options: starOptions, className: 'mt-1 grid gap-1' }}
      field={{ name: 'comment', label: ratingTexts.commentLabel, rows: 4, maxLength: ratingLimits.comment }}
      labels={{ cancel: ratingTexts.cancel, submit: ratingTexts.submitRating, busy: ratingTexts.submittingRating }}
      send={(values) =>
        rateSeller.mutateAsync({
          orderId: order.id,
          rating: { stars: Number(values.stars), comment: values.comment === '' ? null : values.comment },
        })
      }
      doneToast={ratingTexts.rated}
      onClose={onClose}
    />
  );
}

/** Rating the seller, or for an account whose email is not confirmed yet, why it cannot. */
export default function RateSellerDialog({ order, onClose }: { order: RatedOrder; onClose: () => void }) {
  return (
    <ConfirmEmailFirstDialog
      title={ratingTexts.rateDialogTitle(order.seller.name)}
      what={accessTexts.confirmToRate}
      onClose={onClose}
    >
      <RateSellerForm order={order} onClose={onClose} />
    </ConfirmEmailFirstDialog>
  );
}
