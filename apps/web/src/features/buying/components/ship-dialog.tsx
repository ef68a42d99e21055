import { zodResolver } from '@hookform/resolvers/zod';
import {
  MarkShippedSchema,
  orderProgressLimits,
  orderProgressTexts as texts,
  type MarkShippedInput,
  type Sale,
} from '@recell/contract';

import { useForm } from 'react-hook-form';
import { TextField } from '@/components/ui/form';
import { FormDialog } from '@/components/ui/form-dialog';
import { useMarkShipped } from '../api/order-progress';
import { useDialogSend } from './dialog-error';

const fieldNames = ['trackingNote'] as const;

/** Mark shipped: an optional tracking note (the carrier and number), then the buyer is emailed. */
export default function ShipDialog({
  sale,
  onClose,
}: {
  sale: { id: string; product: Pick<Sale['product'], 'name'> };
  onClose: () => void;
}) {
  const markShipped = useMarkShipped();
  const form = useForm<MarkShippedInput>({
    resolver: zodResolver(MarkShippedSchema),
    defaultValues: { trackingNote: '' },
  });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;

  const { failure, onSubmit } = useDialogSend(form, {
    fieldNames,
    send: (body) => markShipped.mutateAsync({ orderId: sale.id, body }),
    onDone: onClose,
    doneToast: texts.shippedToast,
  });

  return (
    <FormDialog
      title={texts.shipTitle(sale.product.name)}
      isBusy={isSubmitting}
      failure={failure}
      cancelLabel={texts.cancel}
      submitLabel={texts.confirmShipped}
      busyLabel={texts.shipping}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <TextField
        label={texts.trackingNote}
        hint={texts.trackingNoteHint}
        error={errors.trackingNote?.message}
        maxLength={orderProgressLimits.trackingNote}
        autoComplete="off"
        {...register('trackingNote')}
      />
    </FormDialog>
  );
}
