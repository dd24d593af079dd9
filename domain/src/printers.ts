// A farm's printers (issue 27): what the operator says about each one (the catalogue model, nozzle,
// what is loaded) and how the workers reach it. Secrets (API key, access code) are write-only: an edit
// that leaves them out keeps the stored ones.
import * as v from 'valibot';
import { formObject, optionalText, requiredText, ruleAcross } from './fields.ts';
import { labelsOf } from './labels.ts';
import {
  buildVolumeOf,
  isCataloguedBrand,
  printerName,
  TECHNOLOGIES,
  type Technology,
} from './printerCatalogue.ts';

export const PRINTER_STATES = ['idle', 'printing', 'paused', 'offline', 'needs_attention'] as const;
export type PrinterState = (typeof PRINTER_STATES)[number];

export const PRINTER_STATE_LABELS = labelsOf(PRINTER_STATES);

export const CONNECTOR_KINDS = ['none', 'octoprint', 'moonraker', 'bambu'] as const;
export type PrinterConnectorKind = (typeof CONNECTOR_KINDS)[number];

export const CONNECTOR_LABELS: Record<PrinterConnectorKind, string> = {
  none: 'None (worked by hand)',
  octoprint: 'OctoPrint',
  moonraker: 'Moonraker (Klipper)',
  bambu: 'Bambu Lab LAN mode',
};

/** Nozzles people fit, in mm. */
export const NOZZLE_SIZES_MM = [0.2, 0.25, 0.3, 0.4, 0.5, 0.6, 0.8, 1] as const;

const URL_MESSAGE = "Enter the printer's address, e.g. http://192.168.1.20";
export const NOT_A_PRINTER_ADDRESS =
  "That address belongs to the server's cloud, not to a printer: enter the printer's own address";

/** Cloud metadata services by name; by address they are link-local (or AWS's IPv6 one below). */
const METADATA_HOSTS = new Set(['metadata', 'metadata.google.internal', 'metadata.goog', 'fd00:ec2::254']);

/**
 * Whether a host (a name or an address as a URL's hostname writes it) can never be a printer: a
 * link-local address (169.254.0.0/16, fe80::/10, where clouds answer with the server's credentials),
 * also as an IPv4-mapped IPv6 address, or a metadata service's name. Checked where an operator enters
 * the address, and again by the workers on every address a name resolves to.
 */
export function isMetadataHost(host: string): boolean {
  const name = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
  if (METADATA_HOSTS.has(name)) return true;
  const v4 = /^(?:::ffff:)?(\d+)\.(\d+)\.\d+\.\d+$/.exec(name);
  if (v4) return v4[1] === '169' && v4[2] === '254';
  return /^fe[89ab][0-9a-f]:/.test(name) || /^::ffff:a9fe:/.test(name);
}

/** The host as a URL would name it (a number such as 2852039166 becomes 169.254.169.254). */
function hostOf(value: string): string {
  const url = `http://${value.includes(':') && !value.startsWith('[') ? `[${value}]` : value}/`;
  return URL.canParse(url) ? new URL(url).hostname : value;
}

/** A printer on the farm's network: any http(s) address, names without dots (octopi.local, localhost) too. */
function printerUrl() {
  return v.pipe(
    v.string(URL_MESSAGE),
    v.trim(),
    v.check((value) => {
      if (!URL.canParse(value)) return false;
      const { protocol, hostname } = new URL(value);
      return (protocol === 'http:' || protocol === 'https:') && hostname !== '';
    }, URL_MESSAGE),
    v.check((value) => !isMetadataHost(new URL(value).hostname), NOT_A_PRINTER_ADDRESS),
    v.maxLength(500, 'Must be at most 500 characters'),
  );
}

const port = (message: string) =>
  v.optional(
    v.pipe(v.number(message), v.integer(message), v.minValue(1, message), v.maxValue(65_535, message)),
  );

/** An optional secret: absent or blank keeps the stored one. */
const secret = (max: number) =>
  v.optional(v.pipe(v.string(), v.trim(), v.maxLength(max, `Must be at most ${max} characters`)));

export const connectorInputSchema = v.variant(
  'kind',
  [
    formObject({ kind: v.literal('none') }),
    formObject({ kind: v.literal('octoprint'), baseUrl: printerUrl(), apiKey: secret(200) }),
    formObject({ kind: v.literal('moonraker'), baseUrl: printerUrl(), apiKey: secret(200) }),
    formObject({
      kind: v.literal('bambu'),
      host: v.pipe(
        requiredText("Enter the printer's IP address or host name", 255),
        v.check((host) => !isMetadataHost(hostOf(host)), NOT_A_PRINTER_ADDRESS),
      ),
      serial: requiredText("Enter the printer's serial number", 64),
      accessCode: secret(64),
      mqttPort: port('Enter a port between 1 and 65535'),
      ftpsPort: port('Enter a port between 1 and 65535'),
    }),
  ],
  'Choose how the printer is connected',
);
export type ConnectorInput = v.InferOutput<typeof connectorInputSchema>;

/** The secret a connector needs before it can be used, by kind (Moonraker may run without a key). */
export const CONNECTOR_SECRET: Partial<Record<PrinterConnectorKind, { field: string; message: string }>> = {
  octoprint: { field: 'apiKey', message: "Enter the printer's OctoPrint API key" },
  bambu: { field: 'accessCode', message: "Enter the printer's LAN access code" },
};

const nozzle = v.optional(
  v.nullable(
    v.pipe(
      v.number('Choose a nozzle size'),
      v.minValue(0.1, 'A nozzle is between 0.1 and 2 mm'),
      v.maxValue(2, 'A nozzle is between 0.1 and 2 mm'),
    ),
  ),
);

const printerEntries = {
  name: requiredText('Give the printer a name', 80),
  technology: v.picklist(TECHNOLOGIES, 'Technology is required'),
  brand: requiredText('Brand is required', 100),
  model: optionalText(100),
  nozzleMm: nozzle,
  material: optionalText(60),
  color: optionalText(40),
  connector: v.optional(connectorInputSchema),
};

export const printerSchema = v.pipe(
  formObject(printerEntries),
  ruleAcross(
    ['technology', 'brand'],
    (printer) => isCataloguedBrand(printer.technology, printer.brand),
    'Choose a brand listed for this technology',
  ),
);
export type PrinterInput = v.InferOutput<typeof printerSchema>;

/** An edit: any of the fields, and the state the operator sets by hand (the bed is cleared: idle). */
export const printerUpdateSchema = v.pipe(
  v.partial(
    formObject({
      ...printerEntries,
      state: v.picklist(PRINTER_STATES, 'Choose a printer state'),
    }),
  ),
  v.check((update) => Object.keys(update).length > 0, 'Change at least one field'),
);
export type PrinterUpdate = v.InferOutput<typeof printerUpdateSchema>;

/** A printer as the signup's inventory counts it: one row per unit, before the operator says more. */
export interface InventoryPrinter {
  name: string;
  technology: Technology;
  brand: string;
  model: string | null;
  buildXMm: number;
  buildYMm: number;
  buildZMm: number;
  nozzleMm: number | null;
}

/**
 * The printers a farm's inventory counts, numbered per kind ('Prusa MK4 #1', 'Prusa MK4 #2'), with the
 * catalogue's build volume: what a new farm starts its printers from (the migration did the same for
 * the farms that signed up before). FDM printers get the common 0.4 mm nozzle until told otherwise.
 */
export function printersFromInventory(
  inventory: readonly {
    technology: Technology;
    brand: string;
    model?: string | null | undefined;
    count: number;
  }[],
): InventoryPrinter[] {
  const numbered = new Map<string, number>();
  return inventory.flatMap(({ technology, brand, model, count }) => {
    const trimmedModel = model?.trim() || null;
    const kind = printerName(brand, trimmedModel);
    const volume = buildVolumeOf(technology, brand, trimmedModel ?? undefined);
    return Array.from({ length: count }, () => {
      const n = (numbered.get(kind) ?? 0) + 1;
      numbered.set(kind, n);
      return {
        name: `${kind} #${n}`,
        technology,
        brand,
        model: trimmedModel,
        buildXMm: volume.x,
        buildYMm: volume.y,
        buildZMm: volume.z,
        nozzleMm: technology === 'FFF/FDM' ? 0.4 : null,
      };
    });
  });
}
