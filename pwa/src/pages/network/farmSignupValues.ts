// What the farm signup form holds while it is being filled in, and how it starts.
import type { FarmSignup } from '@printfarm/domain/farmSignup';
import type { UseFormReturn } from 'react-hook-form';

export interface InventoryRow {
  technology: string;
  brand: string;
  model: string;
  count: number;
}

/** What the form holds while it is being filled in (selects start empty, so plain strings). */
export interface FarmSignupFormValues {
  displayName: string;
  contactName: string;
  contactEmail: string;
  contactPhone: string;
  fullStreetAddress: string;
  streetName: string;
  city: string;
  state: string;
  zipCode: string;
  printerInventory: InventoryRow[];
  website: string;
  wantsOrderingLink: boolean;
}

export const EMPTY_FORM: FarmSignupFormValues = {
  displayName: '',
  contactName: '',
  contactEmail: '',
  contactPhone: '',
  fullStreetAddress: '',
  streetName: '',
  city: '',
  state: '',
  zipCode: '',
  printerInventory: [],
  website: '',
  wantsOrderingLink: false,
};

export const NEW_ROW: InventoryRow = { technology: '', brand: '', model: '', count: 1 };

/** The signup form, as its sections take it. */
export type SignupForm = UseFormReturn<FarmSignupFormValues, unknown, FarmSignup>;
