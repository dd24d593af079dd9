// The address a print request ships to, as stored when the customer accepted an offer ({ name,
// street, city, state, zipCode, country, phone? }). Requests ordered before names were asked for
// carry none: the customer's own name stands in.
export interface ShipToView {
  name: string | null;
  street: string;
  city: string;
  state: string;
  zipCode: string;
  country: string;
  phone: string | null;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

export function presentShipTo(stored: unknown, fallbackName: string | null = null): ShipToView | null {
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return null;
  const address = stored as Record<string, unknown>;
  const street = text(address.street);
  const city = text(address.city);
  const state = text(address.state);
  const zipCode = text(address.zipCode);
  if (!street || !city || !state || !zipCode) return null;
  return {
    name: text(address.name) ?? fallbackName,
    street,
    city,
    state,
    zipCode,
    country: text(address.country) ?? 'US',
    phone: text(address.phone),
  };
}
