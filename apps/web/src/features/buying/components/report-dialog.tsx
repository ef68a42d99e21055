import { zodResolver } from '@hookform/resolvers/zod';
import {
  buyingLimits,
  buyingTexts,
  messages,
  reportReasonLabels,
  reportReasons,
  ReportFormSchema,
  type ListedProduct,
} from '@recell/contract';
import { OneFieldDialog } from '@/components/ui/one-field-dialog';
import { useReportProduct } from '../api/report-product';

const resolver = zodResolver(ReportFormSchema);
const reasonOptions = reportReasons.map((reason) => ({ value: reason, label: reportReasonLabels[reason] }));

/**
 * The report modal (docs/product.md, Screens): 'Report of {name}', a reason (stolen, fake, wrong description, scam,
 * other) and what is wrong, Cancel and Submit Report. On success: '{name} Report Successfully'. A
 * refusal (reported already, the buyer's own phone) is said inside the modal.
 */
export default function ReportDialog({ product, onClose }: { product: ListedProduct; onClose: () => void }) {
  const reportProduct = useReportProduct();
  return (
    <OneFieldDialog
      title={messages.reportHeading(product.name)}
      resolver={resolver}
      defaultValues={{ text: '' }}
      choice={{
        name: 'reason',
        legend: buyingTexts.reasonLegend,
        options: reasonOptions,
        className: 'mt-1 grid gap-1 sm:grid-cols-2',
      }}
      field={{
        name: 'text',
        label: buyingTexts.reportText,
        rows: 4,
        required: true,
        maxLength: buyingLimits.reportText,
      }}
      labels={{ cancel: buyingTexts.cancel, submit: buyingTexts.submitReport, busy: buyingTexts.submittingReport }}
      send={(report) => reportProduct.mutateAsync({ productId: product.id, report })}
      doneToast={messages.reportSuccess(product.name)}
      onClose={onClose}
    />
  );
}
