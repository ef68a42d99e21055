import { zodResolver } from '@hookform/resolvers/zod';
import {
  MarkShippedSchema,
  orderProgressLimits,
  orderProgressTexts as texts,
  type MarkShippedInput,
  type Sale,
} from '@recell/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { TextField } from '@/components/ui/form';
import { FormDialog } from '@/components/ui/form-dialog';
import { toast } from '@/lib/toast';
import { useMarkShipped } from '../api/order-progress';
import { dialogError } from './dialog-error';

const fieldNames = ['trackingNote'] as const;

/** Mark shipped: an optional tracking note (the carrier and number), then the buyer is emailed. */
export default function ShipDialog({ sale, onClose }: { sale: Sale; onClose: () => void }) {
  const markShipped = useMarkShipped();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<MarkShippedInput>({ resolver: zodResolver(MarkShippedSchema), defaultValues: { trackingNote: '' } });

  const onSubmit = async (body: MarkShippedInput) => {
    setFailure(null);
    try {
      await markShipped.mutateAsync({ orderId: sale.id, body });
    } catch (error) {
      setFailure(dialogError(error, setError, fieldNames));
      return;
    }
    onClose();
    toast.success(texts.shippedToast);
  };

  return (
    <FormDialog
      title={texts.shipTitle(sale.product.name)}
      isBusy={isSubmitting}
      failure={failure}
      cancelLabel={texts.cancel}
      submitLabel={texts.confirmShipped}
      busyLabel={texts.shipping}
      onSubmit={handleSubmit(onSubmit)}
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
