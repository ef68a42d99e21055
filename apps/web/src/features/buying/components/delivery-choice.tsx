import { addressOneLine, addressTexts } from '@recell/contract';
import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Link } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { dashboardPaths } from '@/config/dashboard-paths';
import { useMyAddresses } from '@/features/addresses';

export type DeliveryChoice = 'meeting' | 'shipping';

const radioRowClass = 'flex min-h-11 items-center gap-3';
const fieldsetClass = 'rounded-xl border border-slate-200 p-3 dark:border-slate-700';

/** The booking's choice: meet the seller in person, or have the phone shipped to an address. */
export function DeliveryRadios({ field }: { field: UseFormRegisterReturn<'delivery'> }) {
  const ids = useId();
  const choices: [DeliveryChoice, string][] = [
    ['meeting', addressTexts.meetInPerson],
    ['shipping', addressTexts.shipToAddress],
  ];
  return (
    <fieldset className={fieldsetClass}>
      <legend className="px-1 text-sm font-medium">{addressTexts.deliveryLegend}</legend>
      <div className="flex flex-col gap-x-6 sm:flex-row">
        {choices.map(([value, label]) => (
          <div key={value} className={radioRowClass}>
            <input id={`${ids}-${value}`} type="radio" value={value} className="size-5 shrink-0" {...field} />
            <label htmlFor={`${ids}-${value}`}>{label}</label>
          </div>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * The buyer's addresses to ship to, one radio each, with a link to
 * the Addresses page to add one. The carrier verified each one when it was added.
 */
export function AddressPicker({
  field,
  error,
}: {
  field: UseFormRegisterReturn<'addressId'>;
  error?: string | undefined;
}) {
  const addresses = useMyAddresses();
  const ids = useId();
  const errorId = `${ids}-error`;
  const addLink = (
    <Link to={dashboardPaths.addresses.to()} className="link inline-block py-1">
      {addressTexts.addAnAddress}
    </Link>
  );
  return (
    <fieldset className={fieldsetClass} aria-describedby={error ? errorId : undefined}>
      <legend className="px-1 text-sm font-medium">{addressTexts.shipToLegend}</legend>
      {addresses.isPending ? (
        <Spinner />
      ) : addresses.isError ? (
        <p role="alert">{addressTexts.noAddressesForBooking}</p>
      ) : addresses.data.items.length === 0 ? (
        <p>{addressTexts.noAddressesForBooking}</p>
      ) : (
        <ul className="flex flex-col gap-1">
          {addresses.data.items.map((address) => (
            <li key={address.id} className="flex min-h-11 items-start gap-3 py-1">
              <input
                id={`${ids}-${address.id}`}
                type="radio"
                value={address.id}
                className="mt-0.5 size-5 shrink-0"
                {...field}
              />
              <label htmlFor={`${ids}-${address.id}`} className="min-w-0 break-words">
                {addressOneLine(address)}
              </label>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
      <p className="mt-1 text-sm">{addLink}</p>
    </fieldset>
  );
}
