// Farm registration (the Join tab): the same valibot schema as the server, so the messages match.
import { type FarmSignup, farmSignupSchema, publicStreetName } from '@printfarm/domain/farmSignup';
import { brandsFor, modelsFor, technologies } from '@printfarm/domain/printerCatalogue';
import { useQuery } from '@tanstack/react-query';
import { useFieldArray, useWatch } from 'react-hook-form';
import { printFarmQueries, useFarmSignup } from '../../api/printFarms.ts';
import { errorMessage } from '../../api/request.ts';
import { useDomainForm } from '../../components/form/useDomainForm.ts';
import { Button } from '../../components/ui/button.tsx';
import { CheckboxField } from '../../components/ui/checkbox.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Select } from '../../components/ui/select.tsx';
import { toast } from '../../components/ui/toast.tsx';
import { US_STATE_OPTIONS } from '../../lib/stateOptions.ts';
import { useProblemToast } from '../../lib/useProblemToast.ts';

interface InventoryRow {
  technology: string;
  brand: string;
  model: string;
  count: number;
}

/** What the form holds while it is being filled in (selects start empty, so plain strings). */
export interface FarmSignupFormValues {
  displayName: string;
  contactName: string;
  contactEmail: string;
  contactPhone: string;
  fullStreetAddress: string;
  streetName: string;
  city: string;
  state: string;
  zipCode: string;
  printerInventory: InventoryRow[];
  website: string;
  wantsOrderingLink: boolean;
}

const EMPTY_FORM: FarmSignupFormValues = {
  displayName: '',
  contactName: '',
  contactEmail: '',
  contactPhone: '',
  fullStreetAddress: '',
  streetName: '',
  city: '',
  state: '',
  zipCode: '',
  printerInventory: [],
  website: '',
  wantsOrderingLink: false,
};

const NEW_ROW: InventoryRow = { technology: '', brand: '', model: '', count: 1 };

const TECHNOLOGY_OPTIONS = technologies().map((name) => ({ value: name, label: name }));
const toOptions = (names: readonly string[]) => names.map((name) => ({ value: name, label: name }));

/** The form, or the reason it is closed when staff stopped accepting new farms. */
export function FarmSignupForm({ onRegistered }: { onRegistered: () => void }) {
  const status = useQuery(printFarmQueries.signupStatus());
  if (status.data && !status.data.accepting) {
    return (
      <div className="signup-closed" role="status">
        <h3>Signups are closed for now</h3>
        <p>{status.data.message}</p>
      </div>
    );
  }
  return <OpenSignupForm onRegistered={onRegistered} />;
}

function OpenSignupForm({ onRegistered }: { onRegistered: () => void }) {
  const signup = useFarmSignup();
  const form = useDomainForm(farmSignupSchema, {
    defaultValues: EMPTY_FORM,
  });
  const {
    register,
    control,
    setValue,
    applyServerErrors,
    handleSubmit,
    reset,
    formState: { errors, isSubmitted },
  } = form;
  const inventory = useFieldArray({ control, name: 'printerInventory' });
  const rows = useWatch({ control, name: 'printerInventory' }) ?? [];
  const streetName = useWatch({ control, name: 'streetName' });
  const totalPrinters = rows.reduce(
    (sum, row) => sum + (Number.isFinite(row?.count) ? Number(row.count) : 0),
    0,
  );

  const reportNoPrinters = useProblemToast(inventory.fields.length > 0);
  const warnIfNoPrinters = (values: { printerInventory?: unknown[] }) => {
    if ((values.printerInventory ?? []).length > 0) return false;
    reportNoPrinters({
      title: 'Error',
      description: 'Please add at least one printer to your inventory.',
      variant: 'destructive',
    });
    return true;
  };

  const onValid = (values: FarmSignup) => {
    if (warnIfNoPrinters(values)) return;
    signup.mutate(values, {
      onSuccess: () => {
        toast({ title: 'Success!', description: 'Your print farm has been registered successfully.' });
        reset(EMPTY_FORM);
        onRegistered();
      },
      onError: (error) =>
        applyServerErrors(error, {
          toast: {
            title: 'Error',
            description: (error) => errorMessage(error, 'Failed to register print farm. Please try again.'),
          },
        }),
    });
  };

  const onInvalid = () => warnIfNoPrinters(form.getValues());
  const inventoryError = errors.printerInventory?.message ?? errors.printerInventory?.root?.message;

  return (
    <form className="signup-form" noValidate onSubmit={handleSubmit(onValid, onInvalid)}>
      <fieldset className="signup-form__section">
        <legend>Company &amp; Contact</legend>
        <div className="signup-form__grid">
          <FormField label="Company Name" required error={errors.displayName?.message}>
            <Input autoComplete="organization" {...register('displayName')} />
          </FormField>
          <FormField label="Contact Name" required error={errors.contactName?.message}>
            <Input autoComplete="name" {...register('contactName')} />
          </FormField>
          <FormField label="Contact Email" required error={errors.contactEmail?.message}>
            <Input type="email" autoComplete="email" {...register('contactEmail')} />
          </FormField>
          <FormField label="Contact Phone" required error={errors.contactPhone?.message}>
            <Input type="tel" autoComplete="tel" {...register('contactPhone')} />
          </FormField>
        </div>
      </fieldset>

      <fieldset className="signup-form__section">
        <legend>Location</legend>
        <div className="signup-form__grid">
          <FormField
            label="Full Street Address"
            required
            className="signup-form__wide"
            error={errors.fullStreetAddress?.message}
            hint="Kept private; only the street name is shown on the map."
          >
            <Input
              autoComplete="street-address"
              {...register('fullStreetAddress', {
                onChange: (event: { target: { value: string } }) =>
                  setValue('streetName', publicStreetName(event.target.value), {
                    shouldValidate: isSubmitted,
                    shouldDirty: true,
                  }),
              })}
            />
          </FormField>
          <FormField
            label="Public Street Name"
            required
            className="signup-form__wide"
            error={errors.streetName?.message}
            hint={`Public display: ${streetName || '—'}`}
          >
            <Input {...register('streetName')} />
          </FormField>
          <FormField label="City" required error={errors.city?.message}>
            <Input autoComplete="address-level2" {...register('city')} />
          </FormField>
          <FormField label="State" required error={errors.state?.message}>
            <Select placeholder="Select state" options={US_STATE_OPTIONS} {...register('state')} />
          </FormField>
          <FormField label="ZIP Code" required error={errors.zipCode?.message}>
            <Input inputMode="numeric" autoComplete="postal-code" {...register('zipCode')} />
          </FormField>
        </div>
      </fieldset>

      <fieldset className="signup-form__section">
        <legend>Printer Inventory</legend>
        {inventory.fields.length === 0 ? (
          <p className="signup-form__empty">
            No printers added yet. Add each kind of printer your farm runs.
          </p>
        ) : (
          <ol className="inventory">
            {inventory.fields.map((field, i) => {
              const row = rows[i] ?? NEW_ROW;
              const rowErrors = errors.printerInventory?.[i];
              const brands = row.technology ? brandsFor(row.technology) : [];
              const models = row.technology && row.brand ? modelsFor(row.technology, row.brand) : [];
              return (
                <li key={field.id} className="inventory__row">
                  <FormField label="Technology" required error={rowErrors?.technology?.message}>
                    <Select
                      placeholder="Choose…"
                      options={TECHNOLOGY_OPTIONS}
                      {...register(`printerInventory.${i}.technology`, {
                        onChange: () => {
                          setValue(`printerInventory.${i}.brand`, '');
                          setValue(`printerInventory.${i}.model`, '');
                        },
                      })}
                    />
                  </FormField>
                  <FormField label="Brand" required error={rowErrors?.brand?.message}>
                    <Select
                      placeholder="Choose…"
                      options={toOptions(brands)}
                      disabled={!row.technology}
                      {...register(`printerInventory.${i}.brand`, {
                        onChange: () => setValue(`printerInventory.${i}.model`, ''),
                      })}
                    />
                  </FormField>
                  <FormField label="Model" error={rowErrors?.model?.message}>
                    <Select
                      placeholder="Choose…"
                      options={toOptions(models)}
                      disabled={!row.brand}
                      {...register(`printerInventory.${i}.model`)}
                    />
                  </FormField>
                  <FormField label="Count" required error={rowErrors?.count?.message}>
                    <Input
                      type="number"
                      min={1}
                      step={1}
                      inputMode="numeric"
                      {...register(`printerInventory.${i}.count`, { valueAsNumber: true })}
                    />
                  </FormField>
                  <Button
                    variant="ghost"
                    size="sm"
                    className="inventory__remove"
                    aria-label={`Remove printer ${i + 1}`}
                    onClick={() => inventory.remove(i)}
                  >
                    Remove
                  </Button>
                </li>
              );
            })}
          </ol>
        )}
        {inventoryError && (
          <p className="field__error" role="alert">
            {inventoryError}
          </p>
        )}
        <div className="inventory__footer">
          <Button variant="outline" size="sm" onClick={() => inventory.append({ ...NEW_ROW })}>
            + Add Printer
          </Button>
          <p className="inventory__total">
            Total Printers: <strong>{totalPrinters}</strong>
          </p>
        </div>
      </fieldset>

      <fieldset className="signup-form__section">
        <legend>Online Presence</legend>
        <div className="signup-form__grid">
          <FormField
            label="Website"
            className="signup-form__wide"
            error={errors.website?.message}
            hint="Optional, e.g. https://yourfarm.com"
          >
            <Input type="url" inputMode="url" autoComplete="url" {...register('website')} />
          </FormField>
        </div>
        <CheckboxField
          label="I'd like a custom ordering page for my print farm"
          error={errors.wantsOrderingLink?.message}
          {...register('wantsOrderingLink')}
        />
      </fieldset>

      <Button type="submit" size="lg" className="signup-form__submit" disabled={signup.isPending}>
        {signup.isPending ? 'Registering...' : 'Register Print Farm'}
      </Button>
    </form>
  );
}
