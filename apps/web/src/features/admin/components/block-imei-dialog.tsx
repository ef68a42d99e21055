import { zodResolver } from '@hookform/resolvers/zod';
import { adminTexts, BlockImeiSchema, messages, type BlockImeiInput, type ReportedProduct } from '@recell/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { TextField } from '@/components/ui/form';
import { FormDialog } from '@/components/ui/form-dialog';
import { isApiError, wasReported } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useBlockImei } from '../api/block-imei';

/**
 * Block IMEI on Reported Items: asks for the reason (prefilled 'Reported stolen'), says what blocking
 * does, and blocks. A refusal (blocked already, no IMEI) is said inside the dialog.
 */
export function BlockImeiDialog({
  reported,
  onClose,
  onBlocked,
}: {
  reported: ReportedProduct & { imei: string };
  onClose: () => void;
  onBlocked: () => void;
}) {
  const blockImei = useBlockImei();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<BlockImeiInput>({
    resolver: zodResolver(BlockImeiSchema),
    defaultValues: { reason: adminTexts.blockReasonDefault },
  });

  const onSubmit = async ({ reason }: BlockImeiInput) => {
    setFailure(null);
    try {
      await blockImei.mutateAsync({ productId: reported.product.id, reason });
    } catch (error) {
      if (!wasReported(error)) setFailure(isApiError(error) ? error.message : messages.internalError);
      return;
    }
    toast.success(adminTexts.imeiBlockedToast);
    onBlocked();
  };

  return (
    <FormDialog
      title={adminTexts.blockImeiTitle(reported.product.name)}
      isBusy={isSubmitting}
      failure={failure}
      cancelLabel={adminTexts.cancel}
      submitLabel={adminTexts.blockImei}
      busyLabel={adminTexts.blocking}
      onSubmit={handleSubmit(onSubmit)}
      onClose={onClose}
    >
      <p>{adminTexts.blockImeiText(reported.imei)}</p>
      <TextField
        label={adminTexts.blockReason}
        error={errors.reason?.message}
        maxLength={200}
        {...register('reason')}
      />
    </FormDialog>
  );
}
