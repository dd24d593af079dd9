import * as v from 'valibot';
import { emailAddress, formObject, optionalText, requiredText } from './fields.ts';

const message = v.pipe(
  v.string('Message is required'),
  v.trim(),
  v.minLength(1, 'Message is required'),
  v.maxLength(5000, 'Message must be at most 5000 characters'),
);

/**
 * POST /api/support: the dashboard's Support form and the Contact Us page. A signed-in sender is their
 * account; a visitor also gives a name and an e-mail (visitorContactSchema).
 */
export const supportContactSchema = formObject({
  subject: requiredText('Subject is required'),
  message,
  name: optionalText(100),
  email: v.optional(
    v.union([v.literal(''), emailAddress('Valid email is required')], 'Valid email is required'),
  ),
});

/** The Contact Us page for someone who is not signed in: who they are, so staff can answer. */
export const visitorContactSchema = formObject({
  name: requiredText('Name is required', 100),
  email: emailAddress('Valid email is required'),
  subject: requiredText('Subject is required'),
  message,
});

export type SupportContactInput = v.InferInput<typeof supportContactSchema>;
export type SupportContact = v.InferOutput<typeof supportContactSchema>;
export type VisitorContactInput = v.InferInput<typeof visitorContactSchema>;
export type VisitorContact = v.InferOutput<typeof visitorContactSchema>;
