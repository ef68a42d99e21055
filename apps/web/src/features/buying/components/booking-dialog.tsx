import { zodResolver } from '@hookform/resolvers/zod';
import {
  accessTexts,
  BookingSchema,
  buyingLimits,
  buyingTexts,
  formatPrice,
  messages,
  shippingTexts,
  type Booking,
  type ListedProduct,
} from '@recell/contract';
import { useRef } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { Field, inputClass } from '@/components/ui/form';
import { FormDialog } from '@/components/ui/form-dialog';
import { ConfirmEmailFirstDialog, useAuth } from '@/features/auth';
import { playSuccessSound } from '@/lib/success-sound';
import { useCreateOrder } from '../api/create-order';
import { useShippingPaidBy } from '../api/order-shipping';
import { useDialogSend } from '@/lib/dialog-send';
import { AddressPicker, DeliveryRadios, type DeliveryChoice } from './delivery-choice';

const readOnlyClass = `${inputClass} bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300`;

/** Every field the API may name in an error. */
const fieldNames = ['phone', 'location', 'addressId'] as const;

/**
 * The form's values: both ways of getting the phone at once, so switching back and forth keeps
 * what was typed; BookingSchema checks (and answers) only the chosen one's fields.
 */
type BookingFormValues = {
  productId: string;
  delivery: DeliveryChoice;
  phone: string;
  location: string;
  addressId: string;
};

/**
 * The booking modal (docs/product.md, Screens): the signed-in buyer's name and email and the phone's name and price,
 * read-only; then how the phone reaches the buyer: meeting in person (the buyer's phone number and
 * where to meet, both required, as the spec's modal has it) or shipping to one of the buyer's
 * addresses (picked from their Addresses, with a link to add one). The contract's BookingSchema
 * checks either, as the API does. Submit Order books the phone: '{name} Order
 * Successfully', a short chime, and the modal closes. A refusal (sold meanwhile, booked already,
 * the buyer's own phone) is said inside the modal.
 */
function BookingForm({ product, onClose }: { product: ListedProduct; onClose: () => void }) {
  const { user } = useAuth();
  const createOrder = useCreateOrder();
  const phoneRef = useRef<HTMLInputElement | null>(null);
  const form = useForm<BookingFormValues, unknown, Booking>({
    // The schema reads the fields of the chosen delivery and drops the others.
    resolver: zodResolver(BookingSchema) as unknown as Resolver<BookingFormValues, unknown, Booking>,
    defaultValues: { productId: product.id, delivery: 'meeting', phone: '', location: '', addressId: '' },
  });
  const {
    register,
    control,
    formState: { errors, isSubmitting },
  } = form;
  const { ref: phoneFieldRef, ...phoneField } = register('phone');
  const isShipping = useWatch({ control, name: 'delivery' }) === 'shipping';

  const { failure, onSubmit } = useDialogSend(form, {
    fieldNames,
    // A meeting is sent as the spec's booking always was: the phone, the number and the place.
    send: (booking) =>
      createOrder.mutateAsync(
        booking.delivery === 'shipping'
          ? booking
          : { productId: booking.productId, phone: booking.phone, location: booking.location },
      ),
    onDone: () => {
      onClose();
      playSuccessSound();
    },
    doneToast: messages.orderSuccess(product.name),
  });

  return (
    <FormDialog
      title={buyingTexts.bookTitle(product.name)}
      initialFocus={phoneRef}
      isBusy={isSubmitting}
      failure={failure}
      cancelLabel={buyingTexts.cancel}
      submitLabel={buyingTexts.submitOrder}
      busyLabel={buyingTexts.submittingOrder}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={buyingTexts.buyerName}>
          {(props) => <input readOnly className={readOnlyClass} {...props} value={user?.name ?? ''} />}
        </Field>
        <Field label={buyingTexts.buyerEmail}>
          {(props) => <input readOnly type="email" className={readOnlyClass} {...props} value={user?.email ?? ''} />}
        </Field>
        {/* A long name wraps rather than being cut off. */}
        <Field label={buyingTexts.productName}>
          {(props) => (
            <textarea
              readOnly
              rows={1}
              className={`${readOnlyClass} resize-none field-sizing-content`}
              {...props}
              value={product.name}
            />
          )}
        </Field>
        <Field label={buyingTexts.price}>
          {(props) => <input readOnly className={readOnlyClass} {...props} value={formatPrice(product.priceCents)} />}
        </Field>
      </div>
      <DeliveryRadios field={register('delivery')} />
      {isShipping ? (
        <>
          <AddressPicker field={register('addressId')} error={errors.addressId?.message} />
          <ShippingPayerNote />
        </>
      ) : (
        <>
          <Field label={buyingTexts.phone} hint={buyingTexts.phoneHint} error={errors.phone?.message}>
            {(props) => (
              <input
                type="tel"
                inputMode="numeric"
                autoComplete="tel"
                required
                className={inputClass}
                {...props}
                {...phoneField}
                // What is typed stays as typed: a letter is answered with "digits only", not dropped.
                ref={(element) => {
                  phoneFieldRef(element);
                  phoneRef.current = element;
                }}
              />
            )}
          </Field>
          <Field label={buyingTexts.location} hint={buyingTexts.locationHint} error={errors.location?.message}>
            {(props) => (
              <input
                type="text"
                autoComplete="address-level2"
                required
                maxLength={buyingLimits.location}
                className={inputClass}
                {...props}
                {...register('location')}
              />
            )}
          </Field>
        </>
      )}
    </FormDialog>
  );
}

/** Who pays for shipping, under the addresses: the buyer sees the price on the payment page. */
function ShippingPayerNote() {
  const paidBy = useShippingPaidBy();
  if (!paidBy.data) return null;
  return (
    <p className="text-sm text-slate-600 dark:text-slate-300">
      {paidBy.data === 'seller' ? shippingTexts.bookingPaidBySeller : shippingTexts.bookingPaidByBuyer}
    </p>
  );
}

/** The booking modal, or for an account whose email is not confirmed yet, why it cannot book. */
export default function BookingDialog({ product, onClose }: { product: ListedProduct; onClose: () => void }) {
  return (
    <ConfirmEmailFirstDialog
      title={buyingTexts.bookTitle(product.name)}
      what={accessTexts.confirmToBook}
      onClose={onClose}
    >
      <BookingForm product={product} onClose={onClose} />
    </ConfirmEmailFirstDialog>
  );
}
