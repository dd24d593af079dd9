// The dashboard's Settings tab: the signed-in user's name and default shipping address.
import type { ShippingAddress } from '@printfarm/domain/order';
import type { ProfileRow } from '../services/profile.ts';

export function presentProfile(row: ProfileRow) {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    role: row.role,
    // Stored as JSON, written only through the domain's shipping address schema.
    defaultShippingAddress: (row.defaultShippingAddress ?? null) as ShippingAddress | null,
  };
}

export type ProfileView = ReturnType<typeof presentProfile>;
