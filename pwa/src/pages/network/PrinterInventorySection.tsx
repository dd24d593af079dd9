// The farm signup form's printer inventory: one row a kind of printer (technology, brand, model and
// count, each choice narrowing the next), added and removed, with the total.
import { brandsFor, modelsFor, technologies } from '@printfarm/domain/printerCatalogue';
import type { UseFieldArrayReturn } from 'react-hook-form';
import { Button } from '../../components/ui/button.tsx';
import { FieldMessage, FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Select } from '../../components/ui/select.tsx';
import {
  type FarmSignupFormValues,
  type InventoryRow,
  NEW_ROW,
  type SignupForm,
} from './farmSignupValues.ts';

const TECHNOLOGY_OPTIONS = technologies().map((name) => ({ value: name, label: name }));
const toOptions = (names: readonly string[]) => names.map((name) => ({ value: name, label: name }));

export function PrinterInventorySection({
  form,
  inventory,
  rows,
  totalPrinters,
}: {
  form: SignupForm;
  inventory: UseFieldArrayReturn<FarmSignupFormValues, 'printerInventory'>;
  /** The rows as they stand. */
  rows: InventoryRow[];
  totalPrinters: number;
}) {
  const {
    register,
    setValue,
    formState: { errors },
  } = form;
  const inventoryError = errors.printerInventory?.message ?? errors.printerInventory?.root?.message;
  return (
    <fieldset className="signup-form__section">
      <legend>Printer Inventory</legend>
      {inventory.fields.length === 0 ? (
        <p className="signup-form__empty">No printers added yet. Add each kind of printer your farm runs.</p>
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
      <FieldMessage error={inventoryError} />
      <div className="inventory__footer">
        <Button variant="outline" size="sm" onClick={() => inventory.append({ ...NEW_ROW })}>
          + Add Printer
        </Button>
        <p className="inventory__total">
          Total Printers: <strong>{totalPrinters}</strong>
        </p>
      </div>
    </fieldset>
  );
}
