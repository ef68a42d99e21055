/** Money travels as integer cents; the web shows it with a $ prefix (spec §9). */
export const formatPrice = (cents: number) => {
  const dollars = cents / 100;
  return `$${Number.isInteger(dollars) ? dollars.toString() : dollars.toFixed(2)}`;
};
