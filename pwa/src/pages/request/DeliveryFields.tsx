// Where and when the print request's parts go: ship-to ZIP, deadline, budget and notes for the farm.
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { FormField } from '../../components/ui/form-field.tsx';
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
  register,
  errors,
  zipHint,
}: {
  register: UseFormRegister<ChoiceValues>;
  errors: FieldErrors<ChoiceValues>;
  /** Under the ZIP code: the place it is, or what it is for. */
  zipHint: string;
}) {
  return (
    <>
      <div className="choices-form__grid choices-form__grid--three">
        <FormField
          id={FIELD_IDS.shipToZip}
          label="Ship to ZIP code"
          error={errors.shipToZip?.message}
          hint={zipHint}
        >
          <Input inputMode="numeric" autoComplete="postal-code" maxLength={10} {...register('shipToZip')} />
        </FormField>
        <FormField label="Needed by (optional)" error={errors.deadline?.message}>
          <Input type="date" min={tomorrow()} {...register('deadline')} />
        </FormField>
        <FormField label="Budget in USD (optional)" error={errors.budget?.message}>
          <Input inputMode="decimal" placeholder="e.g. 40" {...register('budget')} />
        </FormField>
      </div>
      <FormField
        label="Notes for the farm (optional)"
        error={errors.notes?.message}
        hint="Orientation, surfaces that matter, threads, how the parts fit together."
      >
        <Textarea rows={3} maxLength={2000} {...register('notes')} />
      </FormField>
    </>
  );
}
