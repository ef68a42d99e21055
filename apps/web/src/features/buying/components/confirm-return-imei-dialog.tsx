import { zodResolver } from '@hookform/resolvers/zod';
import { ConfirmReturnImeiSchema, returnTexts as texts, type OrderDetails } from '@recell/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormDialog } from '@/components/ui/form-dialog';
import { fieldOf, TextField } from '@/components/ui/form';
import { dialogError } from '@/lib/dialog-send';
import { toast } from '@/lib/toast';
import { useConfirmReturnImei } from '../api/order-returns';

const resolver = zodResolver(ConfirmReturnImeiSchema);

/**
 * The seller types the IMEI of the phone that came back. Its result is said in words: the sold
 * phone's IMEI refunds the buyer; any other sends the return to an admin.
 */
export default function ConfirmReturnImeiDialog({
  order,
  onClose,
}: {
  order: Pick<OrderDetails, 'id'>;
  onClose: () => void;
}) {
  const confirm = useConfirmReturnImei();
  const form = useForm({ resolver, defaultValues: { imei: '' } });
  const [failure, setFailure] = useState<string | null>(null);
  const onSubmit = form.handleSubmit(async ({ imei }) => {
    setFailure(null);
    try {
      const answer = await confirm.mutateAsync({ orderId: order.id, imei });
      onClose();
      // Which way it went, in words (the return's panel says it too).
      if (answer.imeiCheck === 'mismatch') toast.error(texts.imeiMismatchedToast);
      else toast.success(texts.imeiMatchedToast);
    } catch (error) {
      setFailure(dialogError(error, form.setError, ['imei']));
    }
  });
  return (
    <FormDialog
      title={texts.confirmImeiTitle}
      isBusy={form.formState.isSubmitting}
      failure={failure}
      cancelLabel={texts.cancel}
      submitLabel={texts.confirmImei}
      busyLabel={texts.confirmingImei}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <TextField
        label={texts.imei}
        hint={texts.imeiHint}
        inputMode="numeric"
        autoComplete="off"
        required
        maxLength={20}
        {...fieldOf(form, 'imei')}
      />
    </FormDialog>
  );
}
