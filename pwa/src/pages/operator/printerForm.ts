// The printer form's values (all text, as the fields hold them) and what they send: the catalogue
// model, the nozzle as a number, and the connector with only its own settings. A secret left blank is
// not sent, so the stored one is kept.
import type { PrinterConnectorKind, PrinterInput } from '@printfarm/domain/printers';
import type { Printer } from '../../api/printQueue.ts';

export interface PrinterFormValues {
  name: string;
  technology: string;
  brand: string;
  model: string;
  nozzleMm: string;
  material: string;
  color: string;
  connector: {
    kind: PrinterConnectorKind;
    baseUrl: string;
    apiKey: string;
    host: string;
    serial: string;
    accessCode: string;
    mqttPort: string;
    ftpsPort: string;
  };
}

export function printerValues(printer?: Printer): PrinterFormValues {
  const settings = printer?.connectorSettings;
  return {
    name: printer?.name ?? '',
    technology: printer?.technology ?? 'FFF/FDM',
    brand: printer?.brand ?? '',
    model: printer?.modelName ?? '',
    // A new FDM printer has the nozzle most are sold with.
    nozzleMm: printer ? (printer.nozzleMm !== null ? String(printer.nozzleMm) : '') : '0.4',
    material: printer?.material ?? '',
    color: printer?.color ?? '',
    connector: {
      kind: printer?.connector ?? 'none',
      baseUrl: settings?.baseUrl ?? '',
      apiKey: '',
      host: settings?.host ?? '',
      serial: settings?.serial ?? '',
      accessCode: '',
      mqttPort: settings?.mqttPort != null ? String(settings.mqttPort) : '',
      ftpsPort: settings?.ftpsPort != null ? String(settings.ftpsPort) : '',
    },
  };
}

const filled = (text: string) => (text.trim() ? { value: text.trim() } : null);
const port = (text: string) => (text.trim() ? Number(text.trim()) : undefined);

function connectorInput(connector: PrinterFormValues['connector']): NonNullable<PrinterInput['connector']> {
  switch (connector.kind) {
    case 'none':
      return { kind: 'none' };
    case 'octoprint':
    case 'moonraker': {
      const apiKey = filled(connector.apiKey);
      return {
        kind: connector.kind,
        baseUrl: connector.baseUrl,
        ...(apiKey ? { apiKey: apiKey.value } : {}),
      };
    }
    case 'bambu': {
      const accessCode = filled(connector.accessCode);
      const mqttPort = port(connector.mqttPort);
      const ftpsPort = port(connector.ftpsPort);
      return {
        kind: 'bambu',
        host: connector.host,
        serial: connector.serial,
        ...(accessCode ? { accessCode: accessCode.value } : {}),
        ...(mqttPort !== undefined ? { mqttPort } : {}),
        ...(ftpsPort !== undefined ? { ftpsPort } : {}),
      };
    }
  }
}

export function printerInput(values: PrinterFormValues): PrinterInput {
  return {
    name: values.name,
    technology: values.technology as PrinterInput['technology'],
    brand: values.brand,
    model: values.model,
    nozzleMm: values.nozzleMm ? Number(values.nozzleMm) : null,
    material: values.material,
    color: values.color,
    connector: connectorInput(values.connector),
  };
}
