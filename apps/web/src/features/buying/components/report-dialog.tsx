import { zodResolver } from '@hookform/resolvers/zod';
import {
  buyingLimits,
  buyingTexts,
  messages,
  reportReasonLabels,
  reportReasons,
  ReportFormSchema,
  type Product,
  type ReportForm,
  type ReportFormInput,
} from '@recell/contract';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { TextAreaField } from '@/components/ui/form';
import { FormDialog } from '@/components/ui/form-dialog';
import { useReportProduct } from '../api/report-product';
import { useDialogSend } from './dialog-error';

const fieldNames = ['reason', 'text'] as const;

/**
 * The report modal (docs/product.md, Screens): 'Report of {name}', a reason (stolen, fake, wrong description, scam,
 * other) and what is wrong, Cancel and Submit Report. On success: '{name} Report Successfully'. A
 * refusal (reported already, the buyer's own phone) is said inside the modal.
 */
export default function ReportDialog({ product, onClose }: { product: Product; onClose: () => void }) {
  const reportProduct = useReportProduct();
  const reasonErrorId = useId();
  const form = useForm<ReportFormInput, unknown, ReportForm>({
    resolver: zodResolver(ReportFormSchema),
    defaultValues: { text: '' },
  });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;

  const { failure, onSubmit } = useDialogSend(form, {
    fieldNames,
    send: (report) => reportProduct.mutateAsync({ productId: product.id, report }),
    onDone: onClose,
    doneToast: messages.reportSuccess(product.name),
  });

  const reasonError = errors.reason?.message;
  return (
    <FormDialog
      title={messages.reportHeading(product.name)}
      isBusy={isSubmitting}
      failure={failure}
      cancelLabel={buyingTexts.cancel}
      submitLabel={buyingTexts.submitReport}
      busyLabel={buyingTexts.submittingReport}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <fieldset aria-describedby={reasonError ? reasonErrorId : undefined}>
        <legend className="text-sm font-medium">{buyingTexts.reasonLegend}</legend>
        <div className="mt-1 grid gap-1 sm:grid-cols-2">
          {reportReasons.map((reason) => (
            <label
              key={reason}
              className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg px-2 hover:bg-slate-50 dark:hover:bg-slate-800"
            >
              <input type="radio" value={reason} className="size-4 accent-teal-700" {...register('reason')} />
              {reportReasonLabels[reason]}
            </label>
          ))}
        </div>
        {reasonError && (
          <p id={reasonErrorId} className="mt-1 text-sm text-red-700 dark:text-red-300">
            {reasonError}
          </p>
        )}
      </fieldset>
      <TextAreaField
        label={buyingTexts.reportText}
        error={errors.text?.message}
        rows={4}
        required
        maxLength={buyingLimits.reportText}
        {...register('text')}
      />
    </FormDialog>
  );
}
