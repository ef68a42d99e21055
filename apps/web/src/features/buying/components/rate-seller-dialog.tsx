import { zodResolver } from '@hookform/resolvers/zod';
import {
  accessTexts,
  ratingLimits,
  ratingStars,
  ratingTexts,
  RateSellerFormSchema,
  type Order,
  type RateSellerForm,
  type RateSellerFormInput,
} from '@recell/contract';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { TextAreaField } from '@/components/ui/form';
import { FormDialog } from '@/components/ui/form-dialog';
import { ConfirmEmailFirstDialog } from '@/features/auth';
import { useRateSeller } from '../api/rate-seller';
import { useDialogSend } from './dialog-error';

const fieldNames = ['stars', 'comment'] as const;

/** The order as the dialog needs it: its id and its seller's name. */
type RatedOrder = { id: string; seller: Pick<Order['seller'], 'name'> };

/**
 * "Rate {seller}": 1–5 stars (a radio group, each with its words) and an optional comment. A
 * refusal (rated already, not completed) is said inside the dialog.
 */
function RateSellerForm({ order, onClose }: { order: RatedOrder; onClose: () => void }) {
  const rateSeller = useRateSeller();
  const starsErrorId = useId();
  const form = useForm<RateSellerFormInput, unknown, RateSellerForm>({
    resolver: zodResolver(RateSellerFormSchema),
    defaultValues: { comment: '' },
  });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;

  const { failure, onSubmit } = useDialogSend(form, {
    fieldNames,
    send: (values) =>
      rateSeller.mutateAsync({
        orderId: order.id,
        rating: { stars: Number(values.stars), comment: values.comment === '' ? null : values.comment },
      }),
    onDone: onClose,
    doneToast: ratingTexts.rated,
  });

  const starsError = errors.stars?.message;
  return (
    <FormDialog
      title={ratingTexts.rateDialogTitle(order.seller.name)}
      isBusy={isSubmitting}
      failure={failure}
      cancelLabel={ratingTexts.cancel}
      submitLabel={ratingTexts.submitRating}
      busyLabel={ratingTexts.submittingRating}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <fieldset aria-describedby={starsError ? starsErrorId : undefined}>
        <legend className="text-sm font-medium">{ratingTexts.starsLegend}</legend>
        <div className="mt-1 grid gap-1">
          {[...ratingStars].reverse().map((stars) => (
            <label
              key={stars}
              className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg px-2 hover:bg-slate-50 dark:hover:bg-slate-800"
            >
              <input type="radio" value={String(stars)} className="size-4 accent-teal-700" {...register('stars')} />
              <span aria-hidden="true" className="text-amber-600 dark:text-amber-400">
                {'★'.repeat(stars)}
              </span>
              {ratingTexts.starLabel(stars)}
            </label>
          ))}
        </div>
        {starsError && (
          <p id={starsErrorId} className="mt-1 text-sm text-red-700 dark:text-red-300">
            {starsError}
          </p>
        )}
      </fieldset>
      <TextAreaField
        label={ratingTexts.commentLabel}
        error={errors.comment?.message}
        rows={4}
        maxLength={ratingLimits.comment}
        {...register('comment')}
      />
    </FormDialog>
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
