// A farm's printer as the operator's screen shows it. Connector settings without their secrets: only
// whether one is stored (the form shows 'saved; leave blank to keep').
import type { Printer } from '@printfarm/db';
import { PRINTER_STATE_LABELS, type PrinterState } from '@printfarm/domain/printers';
import { iso } from './wire.ts';

export function presentPrinter(printer: Printer) {
  const settings = (printer.connectorSettings ?? {}) as Record<string, string | number>;
  return {
    id: printer.id,
    name: printer.name,
    model: [printer.brand, printer.model].filter(Boolean).join(' '),
    technology: printer.technology,
    brand: printer.brand,
    modelName: printer.model,
    buildVolumeMm: { x: printer.buildXMm, y: printer.buildYMm, z: printer.buildZMm },
    nozzleMm: printer.nozzleMm,
    material: printer.material,
    color: printer.color,
    state: printer.state as PrinterState,
    stateLabel: PRINTER_STATE_LABELS[printer.state as PrinterState] ?? printer.state,
    stateMessage: printer.stateMessage,
    connector: printer.connector as 'none' | 'octoprint' | 'moonraker' | 'bambu',
    connectorSettings: {
      baseUrl: typeof settings.baseUrl === 'string' ? settings.baseUrl : null,
      host: typeof settings.host === 'string' ? settings.host : null,
      serial: typeof settings.serial === 'string' ? settings.serial : null,
      mqttPort: typeof settings.mqttPort === 'number' ? settings.mqttPort : null,
      ftpsPort: typeof settings.ftpsPort === 'number' ? settings.ftpsPort : null,
    },
    hasSecret: printer.connectorSecret !== null,
    lastSeenAt: iso(printer.lastSeenAt),
  };
}

export type PrinterView = ReturnType<typeof presentPrinter>;
