// Adds a printer or edits one: its name, the catalogue model (which sets its build volume), nozzle, what
// is loaded, and how the workers reach it. Secrets are write-only: a stored one shows as saved, never
// its value, and a blank field keeps it.
import { brandsFor, modelsFor, TECHNOLOGIES } from '@printfarm/domain/printerCatalogue';
import {
  CONNECTOR_KINDS,
  CONNECTOR_LABELS,
  NOZZLE_SIZES_MM,
  printerSchema,
} from '@printfarm/domain/printers';
import { useId, useState } from 'react';
import { type Printer, useRemovePrinter, useSavePrinter } from '../../api/printQueue.ts';
import { useDomainForm } from '../../components/form/useDomainForm.ts';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Select } from '../../components/ui/select.tsx';
import { toast } from '../../components/ui/toast.tsx';
import { toastOnFailure } from '../../components/ui/toastOnFailure.ts';
import { ConnectorFields } from './ConnectorFields.tsx';
import { printerInput, printerValues } from './printerForm.ts';

const options = (values: readonly (string | number)[]) =>
  values.map((value) => ({ value: String(value), label: String(value) }));

export function PrinterDialog({
  farmId,
  printer,
  onClose,
}: {
  farmId: string | null;
  /** The printer to edit; none to add one. */
  printer?: Printer;
  onClose: () => void;
}) {
  const formId = useId();
  const [confirmRemove, setConfirmRemove] = useState(false);
  const save = useSavePrinter(farmId, printer?.id ?? null);
  const remove = useRemovePrinter(farmId, toastOnFailure('Could not remove the printer'));
  const form = useDomainForm(printerSchema, { defaultValues: printerValues(printer), send: printerInput });
  const { register, setValue, watch, formState } = form;
  const errors = formState.errors;
  const [technology, brand] = watch(['technology', 'brand']);
  const brands = brandsFor(technology);
  const models = modelsFor(technology, brand);
  const pending = save.isPending || remove.isPending;

  const onSubmit = form.handleSubmit((input) =>
    save.mutate(input, {
      onSuccess: (saved) => {
        toast({ title: printer ? 'Printer saved' : 'Printer added', description: saved.name });
        onClose();
      },
      onError: (error) =>
        form.applyServerErrors(error, {
          focus: true,
          toast: { title: printer ? 'Could not save the printer' : 'Could not add the printer' },
        }),
    }),
  );

  const removePrinter = () =>
    printer &&
    remove.mutate(printer.id, {
      onSuccess: () => {
        toast({ title: 'Printer removed', description: printer.name });
        onClose();
      },
    });

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={printer ? `Edit ${printer.name}` : 'Add a printer'}
      description="The queue sends a part only to a printer with the right material, colour, bed and nozzle."
      dismissible={!pending}
      className="printer-dialog"
      footer={
        <>
          {printer &&
            (confirmRemove ? (
              <Button variant="destructive" onClick={removePrinter} loading={remove.isPending}>
                Yes, remove {printer.name}
              </Button>
            ) : (
              <Button
                variant="ghost"
                className="printer-dialog__remove"
                onClick={() => setConfirmRemove(true)}
              >
                Remove printer
              </Button>
            ))}
          <Button variant="outline" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={save.isPending}>
            {printer ? 'Save printer' : 'Add printer'}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate className="printer-form">
        <FormField label="Name" required error={errors.name?.message} className="printer-form__wide">
          <Input autoFocus placeholder="e.g. MK4 left" maxLength={80} {...register('name')} />
        </FormField>
        <FormField label="Technology" required error={errors.technology?.message}>
          <Select
            options={options(TECHNOLOGIES)}
            {...register('technology', {
              onChange: () => {
                setValue('brand', '');
                setValue('model', '');
              },
            })}
          />
        </FormField>
        <FormField label="Brand" required error={errors.brand?.message}>
          <Select
            placeholder="Choose a brand"
            options={options(brands)}
            {...register('brand', { onChange: () => setValue('model', '') })}
          />
        </FormField>
        <FormField label="Model" hint="Sets the build volume" error={errors.model?.message}>
          <Select options={[{ value: '', label: 'Not listed' }, ...options(models)]} {...register('model')} />
        </FormField>
        {technology === 'FFF/FDM' && (
          <FormField label="Nozzle (mm)" error={errors.nozzleMm?.message}>
            <Select
              options={[{ value: '', label: 'Not set' }, ...options(NOZZLE_SIZES_MM)]}
              {...register('nozzleMm')}
            />
          </FormField>
        )}
        <FormField label="Material loaded" error={errors.material?.message}>
          <Input placeholder="e.g. PLA" maxLength={60} {...register('material')} />
        </FormField>
        <FormField label="Colour loaded" hint="Blank: no colour" error={errors.color?.message}>
          <Input placeholder="e.g. Black" maxLength={40} {...register('color')} />
        </FormField>
        <FormField label="Connection" hint="How the queue reaches the printer" className="printer-form__wide">
          <Select
            options={CONNECTOR_KINDS.map((kind) => ({ value: kind, label: CONNECTOR_LABELS[kind] }))}
            {...register('connector.kind')}
          />
        </FormField>
        <ConnectorFields form={form} printer={printer} />
      </form>
    </Dialog>
  );
}
