// The settings of the printer's connection, by kind: OctoPrint and Moonraker by address and API key,
// Bambu Lab in LAN mode by host, serial number and access code. A saved secret is never shown.
import type { PrinterInput } from '@printfarm/domain/printers';
import type { Printer } from '../../api/printQueue.ts';
import type { DomainForm } from '../../components/form/useDomainForm.ts';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import type { PrinterFormValues } from './printerForm.ts';

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
  const secretHint = saved ? 'Saved. Leave blank to keep it.' : undefined;
  const secretPlaceholder = saved ? '••••••••' : undefined;

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
        <FormField
          label="API key"
          required={kind === 'octoprint' && !saved}
          hint={secretHint ?? (kind === 'moonraker' ? 'Only if Moonraker asks for one' : undefined)}
          error={errors?.apiKey?.message}
        >
          <Input
            type="password"
            autoComplete="new-password"
            placeholder={secretPlaceholder}
            {...register('connector.apiKey')}
          />
        </FormField>
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
        <FormField
          label="LAN access code"
          required={!saved}
          hint={secretHint ?? 'On the printer: Settings, then LAN only'}
          error={errors?.accessCode?.message}
        >
          <Input
            type="password"
            autoComplete="new-password"
            placeholder={secretPlaceholder}
            {...register('connector.accessCode')}
          />
        </FormField>
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
