import { orderShippingMessages, shippingTexts as texts, type ShippingRate } from '@recell/contract';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Dialog } from '@/components/ui/dialog';
import { DialogActions } from '@/components/ui/dialog-actions';
import { Spinner } from '@/components/ui/spinner';
import { dashboardPaths } from '@/config/dashboard-paths';
import { isApiError } from '@/lib/api-client';
import { dialogError } from '@/lib/dialog-send';
import { toast } from '@/lib/toast';
import { useBuyLabel, useShippingPaidBy, useShippingRates } from '../api/order-shipping';

/** One rate as a radio: the service and carrier, then the price and the promised days. */
function RateOption({
  rate,
  name,
  checked,
  onChoose,
}: {
  rate: ShippingRate;
  name: string;
  checked: boolean;
  onChoose: () => void;
}) {
  return (
    <label className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 p-3 has-[:checked]:border-blue-600 dark:border-slate-700">
      <input type="radio" name={name} value={rate.id} checked={checked} onChange={onChoose} className="mt-1" />
      <span className="grid min-w-0 flex-1 gap-0.5">
        <span className="font-medium break-words">{texts.rate(rate.carrier, rate.service)}</span>
        <span className="text-sm text-slate-600 dark:text-slate-400">{texts.deliveryDays(rate.deliveryDays)}</span>
      </span>
      <span className="font-semibold whitespace-nowrap">{texts.ratePrice(rate.amountCents)}</span>
    </label>
  );
}

/**
 * Buy a shipping label (the seller of a paid order booked with shipping): the carrier's rates for
 * the parcel as a radio group, then Buy label. The order is then shipped and the page shows its
 * parcel. Without a ship-from address the dialog says so, with a link to the Addresses page. When
 * sellers pay for shipping, it says the label's cost is taken from the payout.
 */
export default function BuyLabelDialog({
  order,
  onClose,
}: {
  order: { id: string; product: { name: string } };
  onClose: () => void;
}) {
  const rates = useShippingRates(order.id);
  const paidBy = useShippingPaidBy();
  const buyLabel = useBuyLabel();
  const [chosen, setChosen] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const name = useId();

  const offered = rates.data?.rates ?? [];
  const rateId = chosen ?? offered[0]?.id ?? null;
  const noShipFrom =
    rates.isError && isApiError(rates.error) && rates.error.message === orderShippingMessages.noShipFrom;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!rateId) return;
    setFailure(null);
    buyLabel.mutate(
      { orderId: order.id, rateId },
      {
        onSuccess: () => {
          toast.success(texts.bought);
          onClose();
        },
        onError: (error) => setFailure(dialogError(error)),
      },
    );
  };

  return (
    <Dialog title={texts.dialogTitle(order.product.name)} onClose={onClose} isBusy={buyLabel.isPending}>
      <form onSubmit={submit} className="mt-4 grid min-h-0 gap-3">
        {rates.isPending && (
          <div role="status" className="grid justify-items-center gap-2">
            <Spinner />
            <p className="text-sm">{texts.loadingRates}</p>
          </div>
        )}
        {noShipFrom && (
          <p>
            {texts.noShipFrom}{' '}
            <Link to={dashboardPaths.addresses.to()} className="link">
              {texts.chooseShipFrom}
            </Link>
          </p>
        )}
        {rates.isError && !noShipFrom && (
          <p role="alert" className="text-red-800 dark:text-red-200">
            {dialogError(rates.error)}
          </p>
        )}
        {rates.isSuccess && offered.length === 0 && <p>{texts.noRates}</p>}
        {offered.length > 0 && (
          <fieldset className="grid min-w-0 gap-2 overflow-y-auto">
            <legend className="mb-2 font-medium">{texts.ratesLegend}</legend>
            {offered.map((rate) => (
              <RateOption
                key={rate.id}
                rate={rate}
                name={name}
                checked={rate.id === rateId}
                onChoose={() => setChosen(rate.id)}
              />
            ))}
          </fieldset>
        )}
        {offered.length > 0 && paidBy.data === 'seller' && (
          <p className="text-sm text-slate-600 dark:text-slate-300">{texts.paidFromPayout}</p>
        )}
        {offered.length > 0 ? (
          <DialogActions
            cancelLabel={texts.cancel}
            actionLabel={texts.confirm}
            busyLabel={texts.buying}
            isBusy={buyLabel.isPending}
            onCancel={onClose}
            failure={failure}
            className="mt-2"
          />
        ) : (
          <div className="mt-2 flex justify-end">
            <button type="button" className="btn btn-outline" onClick={onClose}>
              {texts.cancel}
            </button>
          </div>
        )}
      </form>
    </Dialog>
  );
}
