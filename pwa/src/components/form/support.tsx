// A note to the staff is a subject and a message, on the contact page as in the dashboard's support dialog.
import { FormField } from '../ui/form-field.tsx';
import { Input } from '../ui/input.tsx';
import { Textarea } from '../ui/textarea.tsx';
import type { FieldBinding } from './useDomainForm.ts';

export function SupportMessageFields({
  field,
  rows,
}: {
  field: (name: 'subject' | 'message') => FieldBinding;
  rows: number;
}) {
  return (
    <>
      <FormField label="Subject" required {...field('subject')}>
        <Input />
      </FormField>
      <FormField label="Message" required {...field('message')}>
        <Textarea rows={rows} />
      </FormField>
    </>
  );
}
