// What staff may change on a print farm (PUT /api/admin/print-farms/:id); every field is optional so a
// partial update works, and each one keeps the signup form's message.
import * as v from 'valibot';
import {
  emailAddress,
  optionalText,
  optionalWebUrl,
  requiredText,
  stateCode,
  textOfAtLeast,
} from './fields.ts';
import { formatCents, parseCents } from './money.ts';

/** A fee as a decimal(10,2) string: accepts 15, 15.5 or '15.50'; answers '15.50'. */
function fee(message: string) {
  return v.pipe(
    v.union([v.number(message), v.pipe(v.string(message), v.trim())], message),
    v.check((amount) => parseCents(amount) !== undefined, message),
    v.transform((amount) => formatCents(parseCents(amount) ?? 0)),
  );
}

export const farmAdminUpdateSchema = v.object(
  {
    displayName: v.optional(requiredText('Company name is required')),
    contactName: v.optional(requiredText('Contact name is required')),
    contactEmail: v.optional(emailAddress('Valid email address is required')),
    contactPhone: v.optional(textOfAtLeast(10, 'Phone number is required', 30)),
    streetName: v.optional(requiredText('Street name is required')),
    city: v.optional(requiredText('City is required', 100)),
    state: v.optional(stateCode('State is required')),
    zipCode: v.optional(textOfAtLeast(5, 'ZIP code is required', 10)),
    website: v.nullish(optionalWebUrl('Website must be a valid URL')),
    customWebsite: v.nullish(optionalWebUrl('Custom website must be a valid URL')),
    description: v.nullish(optionalText(5000)),
    isPaidMember: v.optional(v.boolean('Paid member must be true or false')),
    monthlyFee: v.optional(fee('Monthly fee must be an amount of at least 0.00 with at most 2 decimals')),
    signupFee: v.optional(fee('Signup fee must be an amount of at least 0.00 with at most 2 decimals')),
  },
  'Invalid input',
);

export type FarmAdminUpdateInput = v.InferInput<typeof farmAdminUpdateSchema>;
export type FarmAdminUpdate = v.InferOutput<typeof farmAdminUpdateSchema>;
