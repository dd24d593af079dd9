import * as v from 'valibot';
import { formObject, requiredText } from './fields.ts';
import { shippingAddressSchema } from './order.ts';

/** The dashboard's Settings tab; `defaultShippingAddress: null` removes the saved address. */
export const profileSettingsSchema = formObject({
  firstName: requiredText('First name is required', 100),
  lastName: requiredText('Last name is required', 100),
  defaultShippingAddress: v.nullish(shippingAddressSchema),
});

export type ProfileSettingsInput = v.InferInput<typeof profileSettingsSchema>;
export type ProfileSettings = v.InferOutput<typeof profileSettingsSchema>;
