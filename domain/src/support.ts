import * as v from 'valibot';
import { formObject, requiredText } from './fields.ts';

export const supportContactSchema = formObject({
  subject: requiredText('Subject is required'),
  message: v.pipe(
    v.string('Message is required'),
    v.trim(),
    v.minLength(1, 'Message is required'),
    v.maxLength(5000, 'Message must be at most 5000 characters'),
  ),
});

export type SupportContactInput = v.InferInput<typeof supportContactSchema>;
export type SupportContact = v.InferOutput<typeof supportContactSchema>;
