import { addressCountryNames, type AddressCountry } from '@recell/contract';

/** A postal address as a label prints it: one line per part (the country by its name). */
export function AddressLines({
  address,
}: {
  address: {
    name: string;
    line1: string;
    line2: string | null;
    city: string;
    region: string;
    postalCode: string;
    country: string;
  };
}) {
  const lines = [
    address.name,
    address.line1,
    address.line2,
    `${address.city}${address.region ? `, ${address.region}` : ''} ${address.postalCode}`,
    addressCountryNames[address.country as AddressCountry] ?? address.country,
  ].filter((line): line is string => Boolean(line));
  return (
    <address className="not-italic break-words">
      {lines.map((line, index) => (
        // The lines of one address never move: their index is their identity.
        <span key={index} className="block">
          {line}
        </span>
      ))}
    </address>
  );
}
