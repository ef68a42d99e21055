import { addressTexts, type Address } from '@recell/contract';
import { useId, useState } from 'react';
import { StatusPill } from '@/components/ui/data-table/cells';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/features/auth';
import { showActionError } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useChooseShipFrom, useRemoveAddress } from '../api/change-addresses';
import { useMyAddresses } from '../api/get-my-addresses';
import { AddressForm } from './address-form';
import { AddressLines } from './address-lines';

const sectionClass = 'rounded-2xl border border-slate-200 p-4 sm:p-5 dark:border-slate-800';

/** One kept address: its lines, the ship-from mark, and what may be done with it. */
function AddressCard({ address, isSeller }: { address: Address; isSeller: boolean }) {
  const remove = useRemoveAddress();
  const chooseShipFrom = useChooseShipFrom();
  const linesId = useId();
  const editId = useId();
  const [isEditing, setEditing] = useState(false);
  if (isEditing)
    return (
      <li className={`${sectionClass} sm:col-span-2`}>
        <section aria-labelledby={editId}>
          <h3 id={editId} className="text-lg font-semibold">
            {addressTexts.editHeading}
          </h3>
          <AddressForm address={address} onDone={() => setEditing(false)} />
        </section>
      </li>
    );
  return (
    <li className={`${sectionClass} flex flex-col gap-3`}>
      <div id={linesId} className="min-w-0">
        <AddressLines address={address} />
      </div>
      {address.isShipFrom && (
        <p>
          <StatusPill tone="good">{addressTexts.shipFrom}</StatusPill>
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {isSeller && !address.isShipFrom && (
          <button
            type="button"
            className="btn btn-outline"
            aria-describedby={linesId}
            disabled={chooseShipFrom.isPending}
            aria-busy={chooseShipFrom.isPending || undefined}
            onClick={() =>
              chooseShipFrom.mutate(address.id, {
                onSuccess: () => toast.success(addressTexts.shipFromChosen),
                onError: showActionError,
              })
            }
          >
            {addressTexts.useAsShipFrom}
          </button>
        )}
        <button type="button" className="btn btn-outline" aria-describedby={linesId} onClick={() => setEditing(true)}>
          {addressTexts.edit}
        </button>
        <button
          type="button"
          className="btn border border-red-300 text-red-800 hover:bg-red-50 dark:border-red-800 dark:text-red-200 dark:hover:bg-red-950"
          aria-describedby={linesId}
          disabled={remove.isPending}
          aria-busy={remove.isPending || undefined}
          onClick={() =>
            remove.mutate(address.id, {
              onSuccess: () => toast.success(addressTexts.removed),
              onError: showActionError,
            })
          }
        >
          {remove.isPending ? addressTexts.removing : addressTexts.remove}
        </button>
      </div>
    </li>
  );
}

/**
 * The Addresses page: the person's addresses (a seller's ship-from one marked, with "Use as
 * ship-from address" on the others), Remove on each, and the form to add one (the carrier checks
 * it). At the limit the form gives way to a note saying to remove one first.
 */
export function AddressesView() {
  const { user } = useAuth();
  const addresses = useMyAddresses();
  const listId = useId();
  const formId = useId();
  const isSeller = user?.role === 'seller';
  if (addresses.isPending) return <Spinner />;
  if (addresses.isError)
    return (
      <div className="mt-6">
        <LoadError error={addresses.error} onRetry={() => void addresses.refetch()} />
      </div>
    );
  const { items, max } = addresses.data;
  return (
    <div className="mt-4 grid max-w-3xl gap-6">
      <p>{isSeller ? addressTexts.introSeller : addressTexts.intro}</p>
      <section aria-labelledby={listId}>
        <h2 id={listId} className="sr-only">
          {addressTexts.pageTitle}
        </h2>
        {items.length === 0 ? (
          <p className="text-slate-600 dark:text-slate-400">{addressTexts.noAddresses}</p>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2">
            {items.map((address) => (
              <AddressCard key={address.id} address={address} isSeller={isSeller} />
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby={formId} className={sectionClass}>
        <h2 id={formId} className="text-lg font-semibold">
          {addressTexts.addHeading}
        </h2>
        {items.length >= max ? <p className="mt-2">{addressTexts.limitReached}</p> : <AddressForm />}
      </section>
    </div>
  );
}
