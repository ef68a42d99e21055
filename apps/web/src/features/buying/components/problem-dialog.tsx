import { zodResolver } from '@hookform/resolvers/zod';
import {
  orderProgressLimits,
  orderProgressTexts as texts,
  ReportOrderProblemSchema,
  type Order,
  type ReportOrderProblemInput,
} from '@recell/contract';

import { useForm } from 'react-hook-form';
import { TextAreaField } from '@/components/ui/form';
import { FormDialog } from '@/components/ui/form-dialog';
import { useReportOrderProblem } from '../api/order-progress';
import { useDialogSend } from './dialog-error';

const fieldNames = ['reason'] as const;

/** Report a problem with a handed-over phone: what went wrong, for an admin to decide. */
export default function ProblemDialog({
  order,
  onClose,
}: {
  order: { id: string; product: Pick<Order['product'], 'name'> };
  onClose: () => void;
}) {
  const report = useReportOrderProblem();
  const form = useForm<ReportOrderProblemInput>({
    resolver: zodResolver(ReportOrderProblemSchema),
    defaultValues: { reason: '' },
  });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;

  const { failure, onSubmit } = useDialogSend(form, {
    fieldNames,
    send: ({ reason }) => report.mutateAsync({ orderId: order.id, reason }),
    onDone: onClose,
    doneToast: texts.problemToast,
  });

  return (
    <FormDialog
      title={texts.problemTitle(order.product.name)}
      isBusy={isSubmitting}
      failure={failure}
      cancelLabel={texts.cancel}
      submitLabel={texts.submitProblem}
      busyLabel={texts.sendingProblem}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <TextAreaField
        label={texts.problemReason}
        hint={texts.problemHint}
        error={errors.reason?.message}
        rows={4}
        required
        maxLength={orderProgressLimits.problemReason}
        {...register('reason')}
      />
    </FormDialog>
  );
}
