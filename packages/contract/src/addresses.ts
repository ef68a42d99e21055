/**
 * Delivery addresses: a person keeps up to ten, each verified with the carrier when added (the
 * corrected form the carrier answers is what is kept); a seller marks one as the address sold
 * phones ship from. A booking may ship to one of the buyer's own addresses instead of a meeting;
 * the order keeps a copy of the address, so removing it later changes no order.
 */
import { z } from './zod.ts';
import { addressCountries, addressLimits, addressMessages } from './address-texts.ts';
import { PhoneSchema } from './listings.ts';
import { text } from './text.ts';

const requiredLine = (required: string, max: number, tooLong: string) =>
  text({ error: required }).trim().min(1, required).max(max, tooLong);

/** The address form (POST /api/me/addresses): as the person types it, before the carrier checks it. */
export const AddressFormSchema = z
  .object({
    name: requiredLine(addressMessages.nameRequired, addressLimits.name, addressMessages.nameTooLong),
    line1: requiredLine(addressMessages.line1Required, addressLimits.line, addressMessages.lineTooLong),
    /** Optional: empty or absent is none. */
    line2: text()
      .trim()
      .max(addressLimits.line, addressMessages.lineTooLong)
      .nullish()
      .transform((value) => (value ? value : null)),
    city: requiredLine(addressMessages.cityRequired, addressLimits.city, addressMessages.cityTooLong),
    /** Optional here: the carrier says which countries need one (the US's states, Canada's provinces). */
    region: text().trim().max(addressLimits.region, addressMessages.regionTooLong).default(''),
    postalCode: text({ error: addressMessages.postalCodeRequired })
      .trim()
      .min(1, addressMessages.postalCodeRequired)
      .max(addressLimits.postalCode, addressMessages.postalCodeInvalid)
      .regex(/^[\p{L}\p{N}][\p{L}\p{N} -]*$/u, addressMessages.postalCodeInvalid),
    country: z.enum(addressCountries, { error: addressMessages.countryRequired }),
    phone: PhoneSchema,
  })
  .meta({ id: 'AddressForm' });
export type AddressFormInput = z.input<typeof AddressFormSchema>;
export type AddressForm = z.output<typeof AddressFormSchema>;

/** A postal address as an answer shows it (a kept address, or an order's copy of one). */
const postalFields = {
  name: z.string(),
  line1: z.string(),
  line2: z.string().nullable(),
  city: z.string(),
  region: z.string(),
  postalCode: z.string(),
  /** ISO 3166-1 alpha-2. */
  country: z.string(),
};

/** One of the caller's own addresses, in the carrier's corrected form. */
export const AddressSchema = z
  .object({
    id: z.uuid(),
    ...postalFields,
    phone: z.string(),
    /** The seller's ship-from address (at most one; never for a buyer). */
    isShipFrom: z.boolean(),
    createdAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'Address' });
export type Address = z.infer<typeof AddressSchema>;

/** GET /api/me/addresses: the caller's live addresses, oldest first. */
export const AddressListSchema = z
  .object({
    items: z.array(AddressSchema),
    /** How many addresses one person may keep. */
    max: z.number().int(),
  })
  .meta({ id: 'AddressList' });
export type AddressList = z.infer<typeof AddressListSchema>;

export const AddressIdParamsSchema = z.object({ id: text().max(64) });

/** PUT /api/me/ship-from-address (sellers). */
export const ShipFromAddressSchema = z
  .object({ addressId: z.uuid({ error: addressMessages.addressIdRequired }) })
  .meta({ id: 'ShipFromAddress' });
export type ShipFromAddress = z.infer<typeof ShipFromAddressSchema>;

/**
 * Where a shipped order goes, as its seller and its buyer see it: the copy the order kept at
 * booking. The phone number the carrier may need is not in it (the seller sees the buyer's phone
 * number only where My Sales already shows it: docs/decisions/0066).
 */
export const ShipToSchema = z.object(postalFields).meta({ id: 'ShipTo' });
export type ShipTo = z.infer<typeof ShipToSchema>;

/** How a booked phone reaches its buyer. */
export const deliveryMethods = ['meeting', 'shipping'] as const;
export type DeliveryMethod = (typeof deliveryMethods)[number];
