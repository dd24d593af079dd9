// Pricing per technology and material: one row per material the farm's printers print, each either the
// network default or the farm's own rate. On a phone each row is a small card of labelled fields.
import { Fragment } from 'react';
import { type FieldErrors, type UseFormReturn, useFieldArray, useWatch } from 'react-hook-form';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Select } from '../../components/ui/select.tsx';
import { type CheckedValues, networkDefault, type RateValues, type SettingsValues } from './settingsForm.ts';

type Form = UseFormReturn<SettingsValues, unknown, CheckedValues>;
type RateField = Exclude<keyof RateValues, 'technology' | 'material' | 'useDefault'>;

const BASIS_OPTIONS = [
  { value: 'cm3', label: 'per cm³' },
  { value: 'gram', label: 'per gram' },
];

const COLUMNS: { field: RateField; label: string; head: string }[] = [
  { field: 'priceBasis', label: 'Charge', head: 'Charge' },
  { field: 'materialRate', label: 'Material rate', head: 'Material ($)' },
  { field: 'machineHourRate', label: 'Machine-hour rate', head: 'Machine ($/h)' },
  { field: 'setupFee', label: 'Setup fee', head: 'Setup fee ($)' },
  { field: 'minimumOrder', label: 'Minimum order', head: 'Minimum ($)' },
  { field: 'leadTimeDays', label: 'Lead time', head: 'Lead (days)' },
];

/** The unit written after a figure: '$/cm³', '$/h', 'days'. */
function unitOf(field: RateField, priceBasis: string): { text: string; spoken: string } {
  if (field === 'materialRate')
    return priceBasis === 'gram'
      ? { text: '$/g', spoken: 'dollars per gram' }
      : { text: '$/cm³', spoken: 'dollars per cubic centimetre' };
  if (field === 'machineHourRate') return { text: '$/h', spoken: 'dollars per machine hour' };
  if (field === 'leadTimeDays') return { text: 'days', spoken: 'days' };
  return { text: '$', spoken: 'dollars' };
}

function RateRow({ form, index }: { form: Form; index: number }) {
  const { register, setValue } = form;
  const rate = useWatch({ control: form.control, name: `rates.${index}` });
  const errors: FieldErrors<RateValues> = form.formState.errors.rates?.[index] ?? {};
  const becomeOwn = { onChange: () => setValue(`rates.${index}.useDefault`, false, { shouldDirty: true }) };
  const resetToDefault = () => {
    for (const [field, value] of Object.entries(networkDefault(rate.technology))) {
      setValue(`rates.${index}.${field as keyof RateValues}`, value as never, { shouldDirty: true });
    }
  };
  const inputFor = ({ field, label }: (typeof COLUMNS)[number]) => {
    const id = `rate-${index}-${field}`;
    const error = errors[field]?.message;
    const unit = field === 'priceBasis' ? null : unitOf(field, rate.priceBasis);
    return (
      <div key={field} className={`op-rate__cell op-rate__cell--${field}`}>
        <label htmlFor={id} className="op-rate__label">
          {label}
          {unit && <span className="sr-only">, {unit.spoken}</span>}
        </label>
        {field === 'priceBasis' ? (
          <Select id={id} options={BASIS_OPTIONS} {...register(`rates.${index}.priceBasis`, becomeOwn)} />
        ) : (
          <div className="op-rate__input">
            <Input
              id={id}
              inputMode={field === 'leadTimeDays' ? 'numeric' : 'decimal'}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              {...register(
                `rates.${index}.${field}`,
                field === 'leadTimeDays' ? { ...becomeOwn, valueAsNumber: true } : becomeOwn,
              )}
            />
            <span className="op-rate__unit" aria-hidden="true">
              {unit?.text}
            </span>
          </div>
        )}
        {error && (
          <p id={`${id}-error`} className="field__error" role="alert">
            {error}
          </p>
        )}
      </div>
    );
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: a row of a grid, not a form section; the group names its inputs.
    <div className="op-rate" role="group" aria-label={`${rate.technology} ${rate.material} rate`}>
      <div className="op-rate__name">
        <span className="op-rate__material">{rate.material}</span>
        {rate.useDefault ? (
          <Badge variant="secondary">Network default</Badge>
        ) : (
          <Badge variant="blue">Your rate</Badge>
        )}
      </div>
      {COLUMNS.map(inputFor)}
      <div className="op-rate__reset">
        {!rate.useDefault && (
          <Button
            variant="ghost"
            size="sm"
            onClick={resetToDefault}
            aria-label={`Use the network default for ${rate.material}`}
          >
            Use default
          </Button>
        )}
      </div>
    </div>
  );
}

export function RatesEditor({ form }: { form: Form }) {
  const { fields } = useFieldArray({ control: form.control, name: 'rates' });
  if (fields.length === 0) {
    return <p className="op-empty op-empty--plain">Add printers to your farm to price what they print.</p>;
  }
  return (
    <div className="op-rates">
      <div className="op-rate op-rate--head" aria-hidden="true">
        <span>Material</span>
        {COLUMNS.map(({ field, head }) => (
          <span key={field}>{head}</span>
        ))}
        <span />
      </div>
      {fields.map((field, index) => {
        const technology = field.technology;
        const first = index === 0 || fields[index - 1]?.technology !== technology;
        return (
          <Fragment key={field.id}>
            {first && <h3 className="op-rates__technology">{technology}</h3>}
            <RateRow form={form} index={index} />
          </Fragment>
        );
      })}
    </div>
  );
}
