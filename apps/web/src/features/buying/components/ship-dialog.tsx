import { zodResolver } from '@hookform/resolvers/zod';
import { MarkShippedSchema, orderProgressLimits, orderProgressTexts as texts, type Sale } from '@recell/contract';
import { OneFieldDialog } from '@/components/ui/one-field-dialog';
import { useMarkShipped } from '../api/order-progress';

const resolver = zodResolver(MarkShippedSchema);

/** Mark shipped: an optional tracking note (the carrier and number), then the buyer is emailed. */
export default function ShipDialog({
  sale,
  onClose,
}: {
  sale: { id: string; product: Pick<Sale['product'], 'name'> };
  onClose: () => void;
}) {
  const markShipped = useMarkShipped();
  return (
    <OneFieldDialog
      title={texts.shipTitle(sale.product.name)}
      resolver={resolver}
      defaultValues={{ trackingNote: '' }}
      field={{
        name: 'trackingNote',
        label: texts.trackingNote,
        hint: texts.trackingNoteHint,
        maxLength: orderProgressLimits.trackingNote,
        autoComplete: 'off',
      }}
      labels={{ cancel: texts.cancel, submit: texts.confirmShipped, busy: texts.shipping }}
      send={(body) => markShipped.mutateAsync({ orderId: sale.id, body })}
      doneToast={texts.shippedToast}
      onClose={onClose}
    />
  );
}
