import { zodResolver } from '@hookform/resolvers/zod';
import {
  orderProgressLimits,
  orderProgressTexts as texts,
  ReportOrderProblemSchema,
  type Order,
} from '@recell/contract';
import { OneFieldDialog } from '@/components/ui/one-field-dialog';
import { useReportOrderProblem } from '../api/order-progress';

const resolver = zodResolver(ReportOrderProblemSchema);

/** Report a problem with a handed-over phone: what went wrong, for an admin to decide. */
export default function ProblemDialog({
  order,
  onClose,
}: {
  order: { id: string; product: Pick<Order['product'], 'name'> };
  onClose: () => void;
}) {
  const report = useReportOrderProblem();
  return (
    <OneFieldDialog
      title={texts.problemTitle(order.product.name)}
      resolver={resolver}
      defaultValues={{ reason: '' }}
      field={{
        name: 'reason',
        label: texts.problemReason,
        hint: texts.problemHint,
        rows: 4,
        required: true,
        maxLength: orderProgressLimits.problemReason,
      }}
      labels={{ cancel: texts.cancel, submit: texts.submitProblem, busy: texts.sendingProblem }}
      send={({ reason }) => report.mutateAsync({ orderId: order.id, reason })}
      doneToast={texts.problemToast}
      onClose={onClose}
    />
  );
}
