// Where and when the print request's parts go: ship-to ZIP, deadline, budget and notes for the farm.
import type { FieldPath } from 'react-hook-form';
import type { FieldBinding } from '../../components/form/useDomainForm.ts';
import { FormField, TextField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { type ChoiceValues, FIELD_IDS } from './choices.ts';

/** Tomorrow as 'YYYY-MM-DD' in the customer's calendar: the earliest deadline the schema accepts. */
function tomorrow(): string {
  const date = new Date();
  date.setDate(date.getDate() + 1);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function DeliveryFields({
  field,
  zipHint,
}: {
  field: (name: FieldPath<ChoiceValues>) => FieldBinding;
  /** Under the ZIP code: the place it is, or what it is for. */
  zipHint: string;
}) {
  return (
    <>
      <div className="choices-form__grid choices-form__grid--three">
        <FormField id={FIELD_IDS.shipToZip} label="Ship to ZIP code" hint={zipHint} {...field('shipToZip')}>
          <Input inputMode="numeric" autoComplete="postal-code" maxLength={10} />
        </FormField>
        <TextField label="Needed by (optional)" {...field('deadline')} type="date" min={tomorrow()} />
        <TextField
          label="Budget in USD (optional)"
          {...field('budget')}
          inputMode="decimal"
          placeholder="e.g. 40"
        />
      </div>
      <FormField
        label="Notes for the farm (optional)"
        hint="Orientation, surfaces that matter, threads, how the parts fit together."
        {...field('notes')}
      >
        <Textarea rows={3} maxLength={2000} />
      </FormField>
    </>
  );
}
