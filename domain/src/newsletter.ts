import type * as v from 'valibot';
import { accountEmail, formObject } from './fields.ts';

/** The blog's 'Stay Updated' box. */
export const newsletterSubscribeSchema = formObject({
  email: accountEmail('Valid email is required'),
});

export type NewsletterSubscribeInput = v.InferInput<typeof newsletterSubscribeSchema>;
export type NewsletterSubscribe = v.InferOutput<typeof newsletterSubscribeSchema>;
