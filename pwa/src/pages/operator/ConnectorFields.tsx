// The settings of the printer's connection, by kind: OctoPrint and Moonraker by address and API key,
// Bambu Lab in LAN mode by host, serial number and access code. A saved secret is never shown.
import type { PrinterInput } from '@printfarm/domain/printers';
import type { Printer } from '../../api/printQueue.ts';
import type { DomainForm, FieldBinding } from '../../components/form/useDomainForm.ts';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import type { PrinterFormValues } from './printerForm.ts';

/** An API key or access code: a saved one is never shown, and is kept while the field is left blank. */
function SecretField({
  label,
  saved,
  required = false,
  hint,
  ...field
}: FieldBinding & { label: string; saved: boolean; required?: boolean; hint?: string | undefined }) {
  return (
    <FormField
      label={label}
      required={required && !saved}
      hint={saved ? 'Saved. Leave blank to keep it.' : hint}
      {...field}
    >
      <Input type="password" autoComplete="new-password" placeholder={saved ? '••••••••' : undefined} />
    </FormField>
  );
}

export function ConnectorFields({
  form,
  printer,
}: {
  form: DomainForm<PrinterFormValues, PrinterInput>;
  printer: Printer | undefined;
}) {
  const { register, watch, formState } = form;
  const errors = formState.errors.connector;
  const kind = watch('connector.kind');
  const saved = printer?.hasSecret === true && printer.connector === kind;

  if (kind === 'octoprint' || kind === 'moonraker') {
    return (
      <>
        <FormField label="Address" required error={errors?.baseUrl?.message}>
          <Input
            type="url"
            inputMode="url"
            placeholder="http://192.168.1.20"
            autoComplete="off"
            {...register('connector.baseUrl')}
          />
        </FormField>
        <SecretField
          label="API key"
          saved={saved}
          required={kind === 'octoprint'}
          hint={kind === 'moonraker' ? 'Only if Moonraker asks for one' : undefined}
          {...form.field('connector.apiKey')}
        />
      </>
    );
  }
  if (kind === 'bambu') {
    return (
      <>
        <FormField label="IP address or host name" required error={errors?.host?.message}>
          <Input placeholder="192.168.1.30" autoComplete="off" {...register('connector.host')} />
        </FormField>
        <FormField label="Serial number" required error={errors?.serial?.message}>
          <Input autoComplete="off" {...register('connector.serial')} />
        </FormField>
        <SecretField
          label="LAN access code"
          saved={saved}
          required
          hint="On the printer: Settings, then LAN only"
          {...form.field('connector.accessCode')}
        />
        <FormField label="MQTT port" hint="Blank: 8883" error={errors?.mqttPort?.message}>
          <Input inputMode="numeric" placeholder="8883" {...register('connector.mqttPort')} />
        </FormField>
        <FormField label="FTPS port" hint="Blank: 990" error={errors?.ftpsPort?.message}>
          <Input inputMode="numeric" placeholder="990" {...register('connector.ftpsPort')} />
        </FormField>
      </>
    );
  }
  return null;
}
