import { zodResolver } from '@hookform/resolvers/zod';
import {
  addressCountries,
  addressCountryNames,
  AddressFormSchema,
  addressLimits,
  addressTexts,
  type AddressForm as AddressFormValues,
  type AddressFormInput,
  type Address,
} from '@recell/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { fieldOf, SelectField, TextField } from '@/components/ui/form';
import { dialogError } from '@/lib/dialog-send';
import { toast } from '@/lib/toast';
import { useAddAddress, useChangeAddress } from '../api/change-addresses';

/** Every field the API may name in an error. */
const fieldNames = ['name', 'line1', 'line2', 'city', 'region', 'postalCode', 'country', 'phone'] as const;

const countryOptions = addressCountries.map((code) => ({ value: code, label: addressCountryNames[code] }));

const emptyForm: AddressFormInput = {
  name: '',
  line1: '',
  line2: '',
  city: '',
  region: '',
  postalCode: '',
  country: '' as AddressFormInput['country'],
  phone: '',
};

/** The form's values for an address being edited. */
const formOf = (address: Address): AddressFormInput => ({
  name: address.name,
  line1: address.line1,
  line2: address.line2 ?? '',
  city: address.city,
  region: address.region,
  postalCode: address.postalCode,
  country: address.country as AddressFormInput['country'],
  phone: address.phone,
});

/**
 * The address form, to add one or (given `address`) to edit it: every field labelled, each one's
 * error under it (the contract's AddressFormSchema, which the API checks too). The carrier verifies
 * the address when it is sent; its reason for refusing one ("Address not found") is said above the
 * button, as given. A verified address is kept in the carrier's corrected form; after an add the
 * form empties.
 */
export function AddressForm({
  address,
  onAdded,
  onDone,
}: {
  address?: Address;
  onAdded?: (id: string) => void;
  /** Editing: called once the edit is saved, or cancelled. */
  onDone?: () => void;
}) {
  const add = useAddAddress();
  const change = useChangeAddress();
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm<AddressFormInput, unknown, AddressFormValues>({
    resolver: zodResolver(AddressFormSchema),
    defaultValues: address ? formOf(address) : emptyForm,
  });
  const {
    handleSubmit,
    setError,
    reset,
    formState: { isSubmitting },
  } = form;

  const onSubmit = async (values: AddressFormValues) => {
    setRefusal(null);
    try {
      if (address) {
        await change.mutateAsync({ id: address.id, address: values });
        toast.success(addressTexts.saved);
        onDone?.();
        return;
      }
      const added = await add.mutateAsync(values);
      reset(emptyForm);
      toast.success(addressTexts.added);
      onAdded?.(added.id);
    } catch (error) {
      setRefusal(dialogError(error, setError, fieldNames));
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
      className="mt-4 grid gap-4 sm:grid-cols-2"
    >
      <div className="sm:col-span-2">
        <TextField
          label={addressTexts.name}
          autoComplete="shipping name"
          maxLength={addressLimits.name}
          {...fieldOf(form, 'name')}
        />
      </div>
      <div className="sm:col-span-2">
        <TextField
          label={addressTexts.line1}
          hint={addressTexts.line1Hint}
          autoComplete="shipping address-line1"
          maxLength={addressLimits.line}
          {...fieldOf(form, 'line1')}
        />
      </div>
      <div className="sm:col-span-2">
        <TextField
          label={addressTexts.line2}
          hint={addressTexts.line2Hint}
          autoComplete="shipping address-line2"
          maxLength={addressLimits.line}
          {...fieldOf(form, 'line2')}
        />
      </div>
      <TextField
        label={addressTexts.city}
        autoComplete="shipping address-level2"
        maxLength={addressLimits.city}
        {...fieldOf(form, 'city')}
      />
      <TextField
        label={addressTexts.region}
        hint={addressTexts.regionHint}
        autoComplete="shipping address-level1"
        maxLength={addressLimits.region}
        {...fieldOf(form, 'region')}
      />
      <TextField
        label={addressTexts.postalCode}
        autoComplete="shipping postal-code"
        maxLength={addressLimits.postalCode}
        {...fieldOf(form, 'postalCode')}
      />
      <SelectField
        label={addressTexts.country}
        autoComplete="shipping country"
        placeholder={addressTexts.chooseCountry}
        options={countryOptions}
        {...fieldOf(form, 'country')}
      />
      <div className="sm:col-span-2">
        <TextField
          label={addressTexts.phone}
          hint={addressTexts.phoneHint}
          type="tel"
          inputMode="tel"
          autoComplete="shipping tel"
          {...fieldOf(form, 'phone')}
        />
      </div>
      <div className="sm:col-span-2">
        {refusal && (
          <p
            role="alert"
            className="mb-3 rounded-lg border border-red-200 bg-red-50 p-3 text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
          >
            {refusal}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <button
            type="submit"
            className="btn btn-primary"
            disabled={isSubmitting}
            aria-busy={isSubmitting || undefined}
          >
            {isSubmitting ? addressTexts.addingAddress : address ? addressTexts.saveAddress : addressTexts.addAddress}
          </button>
          {address && (
            <button type="button" className="btn btn-outline" onClick={onDone}>
              {addressTexts.cancelEdit}
            </button>
          )}
        </div>
      </div>
    </form>
  );
}
