// What to print and where to: technology and material from what the network offers today, colour, FDM
// layer height and infill, ship-to ZIP, optional deadline and budget, notes. 'Save choices' keeps them;
// 'Get quotes' saves what changed and asks the farms. Validated with the domain's own schema.
import { TECHNOLOGIES } from '@printfarm/domain/printerCatalogue';
import {
  COMMON_COLORS,
  materialsFor,
  type PrintRequestChoicesInput,
  printRequestChoicesSchema,
} from '@printfarm/domain/printRequest';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { offeredMaterials, offeringQueries } from '../../api/offerings.ts';
import {
  type PrintRequestDetail,
  useSubmitPrintRequest,
  useUpdatePrintRequest,
} from '../../api/printRequests.ts';
import { useDomainForm } from '../../components/form/useDomainForm.ts';
import { Button } from '../../components/ui/button.tsx';
import { FieldMessage, FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Select, type SelectOption } from '../../components/ui/select.tsx';
import { toast } from '../../components/ui/toast.tsx';
import { toastOnFailure } from '../../components/ui/toastOnFailure.ts';
import { cx } from '../../lib/cx.ts';
import {
  changedOnly,
  choicesInputOf,
  choiceValuesOf,
  FDM,
  FDM_SETTINGS,
  FIELD_IDS,
  SWATCHES,
  TECHNOLOGY_HINTS,
} from './choices.ts';
import { DeliveryFields } from './DeliveryFields.tsx';
import { Segmented } from './Segmented.tsx';

const farmsLabel = (farms: number) => `${farms} farm${farms === 1 ? '' : 's'}`;

function useTechnologyOptions(current: string) {
  const offerings = useQuery(offeringQueries.all());
  const offered = offerings.data;
  // Without the network's answer, fall back to the catalogue so the form still works.
  const technologies: SelectOption[] = offered
    ? offered.map((offering) => ({
        value: offering.technology,
        label: `${offering.technology} · ${farmsLabel(offering.farms)}`,
      }))
    : TECHNOLOGIES.map((technology) => ({ value: technology, label: technology }));
  if (current && !technologies.some((option) => option.value === current)) {
    technologies.push({ value: current, label: `${current} · no farm offers it now`, disabled: true });
  }
  // The catalogue's order puts the everyday material first (PLA, Standard Resin, Nylon PA12).
  const usual = (technology: string) => (material: string) => {
    const index = materialsFor(technology).indexOf(material);
    return index === -1 ? Number.MAX_SAFE_INTEGER : index;
  };
  const materialsOf = (technology: string): SelectOption[] => {
    if (!offered) return materialsFor(technology).map((material) => ({ value: material, label: material }));
    const rank = usual(technology);
    return offeredMaterials(offered, technology)
      .toSorted((a, b) => rank(a.material) - rank(b.material))
      .map((entry) => ({ value: entry.material, label: `${entry.material} · ${farmsLabel(entry.farms)}` }));
  };
  return { technologies, materialsOf, loading: offerings.isPending };
}

/** The technologies, and the chosen one's materials with a chosen material no farm offers now kept (disabled). */
function useMaterialOptions(technology: string, material: string) {
  const { technologies, materialsOf } = useTechnologyOptions(technology);
  const materials = materialsOf(technology);
  if (material && !materials.some((option) => option.value === material)) {
    materials.push({ value: material, label: `${material} · no farm offers it now`, disabled: true });
  }
  return { technologies, materials, materialsOf };
}

function ColourField({
  value,
  onChange,
  error,
  disabled,
}: {
  value: string;
  onChange: (colour: string) => void;
  error?: string | undefined;
  disabled: boolean;
}) {
  const name = useId();
  const otherId = useId();
  const custom = value !== '' && !COMMON_COLORS.includes(value);
  return (
    <fieldset className="colour-field" disabled={disabled}>
      <legend className="label">Colour</legend>
      <div className="colour-field__swatches">
        <label className="swatch">
          <input type="radio" name={name} checked={value === ''} onChange={() => onChange('')} />
          <span className="swatch__chip swatch__chip--any" aria-hidden="true" />
          <span>Any</span>
        </label>
        {COMMON_COLORS.map((colour) => (
          <label key={colour} className="swatch">
            <input type="radio" name={name} checked={value === colour} onChange={() => onChange(colour)} />
            <span className="swatch__chip" style={{ background: SWATCHES[colour] }} aria-hidden="true" />
            <span>{colour}</span>
          </label>
        ))}
      </div>
      <div className="colour-field__other">
        <label htmlFor={otherId}>Another colour</label>
        <Input
          id={otherId}
          value={custom ? value : ''}
          placeholder="e.g. Translucent blue"
          maxLength={40}
          onChange={(event) => onChange(event.target.value)}
          className={cx(custom && 'colour-field__input--chosen')}
        />
      </div>
      <FieldMessage error={error} />
    </fieldset>
  );
}

export interface ChoicesFormProps {
  request: PrintRequestDetail;
  /** Quoted or expired: saving new choices withdraws the offers on screen. */
  withdrawsOffers: boolean;
  /** The request can be sent to the farms from here (draft, pending, expired). */
  canQuote: boolean;
}

export function ChoicesForm({ request, withdrawsOffers, canQuote }: ChoicesFormProps) {
  const update = useUpdatePrintRequest(request.id, toastOnFailure('Could not save your choices'));
  const submit = useSubmitPrintRequest(request.id, toastOnFailure('Could not ask for quotes'));
  const {
    field,
    handleSubmit,
    reset,
    setValue,
    applyServerErrors,
    watch,
    formState: { errors, dirtyFields, isDirty },
  } = useDomainForm(printRequestChoicesSchema, {
    // The domain schema checks the PATCH body the values become, 'YYYY-MM-DD' as typed.
    send: choicesInputOf,
    defaultValues: choiceValuesOf(request),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  // The page re-reads the request while files are measured: take the server's values, keep edits.
  useEffect(() => reset(choiceValuesOf(request), { keepDirtyValues: true }), [request, reset]);

  const technology = watch('technology');
  const material = watch('material');
  const { technologies, materials, materialsOf } = useMaterialOptions(technology, material);
  const isFdm = technology === FDM;
  const busy = update.isPending || submit.isPending;

  const onTechnology = (next: string) => {
    setValue('technology', next, { shouldDirty: true, shouldValidate: true });
    const options = materialsOf(next);
    if (!options.some((option) => option.value === watch('material') && !option.disabled)) {
      setValue('material', options[0]?.value ?? '', { shouldDirty: true, shouldValidate: true });
    }
  };

  const save = (input: PrintRequestChoicesInput, announce: boolean) =>
    new Promise<boolean>((resolve) => {
      const changes = changedOnly(input, dirtyFields);
      if (Object.keys(changes).length === 0) {
        resolve(true);
        return;
      }
      update.mutate(changes, {
        onSuccess: (saved) => {
          reset(choiceValuesOf(saved));
          if (announce) toast({ title: 'Choices saved', description: 'Get quotes when you are ready.' });
          resolve(true);
        },
        onError: (error) => {
          applyServerErrors(error, { focus: true });
          resolve(false);
        },
      });
    });

  const onSave = handleSubmit(async (input) => {
    await save(input, true);
  });
  const onGetQuotes = handleSubmit(async (input) => {
    if (!(await save(input, false))) return;
    submit.mutate(undefined, {
      // The live quoting panel appears at the top of the page; the button was at the bottom.
      onSuccess: () => window.scrollTo({ top: 0, behavior: 'smooth' }),
      onError: (error) => applyServerErrors(error, { focus: true }),
    });
  });

  const zipHint =
    request.shipTo && watch('shipToZip') === request.shipToZip
      ? `${request.shipTo.city}, ${request.shipTo.state}`
      : 'Where the parts go; farms near it quote first.';

  return (
    <form className="choices-form" onSubmit={onSave} noValidate aria-label="Print choices">
      {withdrawsOffers && (
        <p className="choices-form__note">
          Changing a choice withdraws the offers above; you then get new quotes for the new choices.
        </p>
      )}
      <div className="choices-form__grid">
        <FormField
          id={FIELD_IDS.technology}
          label="Technology"
          error={errors.technology?.message}
          hint={TECHNOLOGY_HINTS[technology]}
        >
          <Select
            value={technology}
            options={technologies}
            placeholder="Choose a technology"
            onChange={(event) => onTechnology(event.target.value)}
          />
        </FormField>
        <FormField id={FIELD_IDS.material} label="Material" error={errors.material?.message}>
          <Select
            value={material}
            options={materials}
            placeholder={materials.length ? 'Choose a material' : 'No farm offers this technology'}
            onChange={(event) =>
              setValue('material', event.target.value, { shouldDirty: true, shouldValidate: true })
            }
          />
        </FormField>
      </div>
      <ColourField
        value={watch('color')}
        onChange={(colour) => setValue('color', colour, { shouldDirty: true, shouldValidate: true })}
        error={errors.color?.message}
        disabled={busy}
      />
      {isFdm && (
        <div className="choices-form__grid">
          {FDM_SETTINGS.map(({ name, legend, options }) => (
            <Segmented
              key={name}
              legend={legend}
              options={options}
              value={watch(name)}
              onChange={(value) => setValue(name, value, { shouldDirty: true })}
              error={errors[name]?.message}
            />
          ))}
        </div>
      )}
      <DeliveryFields field={field} zipHint={zipHint} />
      <div className="choices-form__actions">
        <Button
          type="submit"
          variant={canQuote ? 'outline' : 'default'}
          loading={update.isPending && !submit.isPending}
          disabled={!isDirty || busy}
        >
          {isDirty ? 'Save choices' : 'Saved'}
        </Button>
        {canQuote && (
          <Button type="button" size="lg" onClick={onGetQuotes} loading={submit.isPending} disabled={busy}>
            {request.status === 'expired' ? 'Get new quotes' : 'Get quotes'}
          </Button>
        )}
      </div>
    </form>
  );
}
