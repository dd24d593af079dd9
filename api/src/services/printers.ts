// The farm's printers: list, add, edit, remove. Connector secrets are sealed here (db/src/printQueue/
// secrets.ts) and never read back: an edit that sends no secret keeps the sealed one.
import type { Prisma, PrismaClient } from '@printfarm/db';
import { isUniqueViolation } from '@printfarm/db/errors';
import { recordJob } from '@printfarm/db/outbox';
import { printerIsBusy } from '@printfarm/db/printQueue/items';
import { printerSecretsKey, sealPrinterSecrets } from '@printfarm/db/printQueue/secrets';
import { buildVolumeOf, isCataloguedBrand, isTechnology } from '@printfarm/domain/printerCatalogue';
import {
  CONNECTOR_SECRET,
  type ConnectorInput,
  type PrinterInput,
  type PrinterUpdate,
} from '@printfarm/domain/printers';
import type { ApiConfig } from '../config.ts';
import { badRequest, conflict, notFound } from '../http/errors.ts';

export type PrinterRow = Prisma.PrinterGetPayload<{ include: { queueItems: true } }>;

const PRINTER_NOT_FOUND = 'Printer not found';

export function listPrinters(prisma: PrismaClient, farmId: string) {
  return prisma.printer.findMany({ where: { farmId }, orderBy: [{ name: 'asc' }, { id: 'asc' }] });
}

/** The connector's settings without secrets, and its secrets apart (blank secrets are left out). */
function splitConnector(connector: ConnectorInput) {
  const { kind, ...rest } = connector;
  const secrets: Record<string, string> = {};
  const settings: Record<string, string | number> = {};
  for (const [field, value] of Object.entries(rest)) {
    if (value === undefined || value === '') continue;
    if (field === 'apiKey' || field === 'accessCode') secrets[field] = String(value);
    else settings[field] = value;
  }
  return { kind, settings, secrets };
}

async function connectorData(
  config: ApiConfig,
  printerId: string,
  connector: ConnectorInput,
  sealedBefore: string | null,
  kindBefore: string | null,
) {
  const { kind, settings, secrets } = splitConnector(connector);
  const needed = CONNECTOR_SECRET[kind];
  const keepsSealed = sealedBefore !== null && kindBefore === kind;
  if (needed && !secrets[needed.field] && !keepsSealed) {
    throw badRequest(needed.message, { [`connector.${needed.field}`]: needed.message });
  }
  const sealed =
    Object.keys(secrets).length > 0
      ? sealPrinterSecrets(printerSecretsKey(config), printerId, secrets)
      : kind === 'none'
        ? null
        : keepsSealed
          ? sealedBefore
          : null;
  return { connector: kind, connectorSettings: settings, connectorSecret: sealed };
}

function volumeOf(technology: string, brand: string, model: string | null | undefined) {
  if (!isTechnology(technology)) throw badRequest('Technology is required');
  const { x, y, z } = buildVolumeOf(technology, brand, model ?? undefined);
  return { buildXMm: x, buildYMm: y, buildZMm: z };
}

async function named<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw conflict('Another printer of the farm has this name', {
        name: 'Another printer of the farm has this name',
      });
    }
    throw error;
  }
}

export async function addPrinter(
  prisma: PrismaClient,
  config: ApiConfig,
  farmId: string,
  input: PrinterInput,
) {
  const id = crypto.randomUUID();
  const connector = await connectorData(config, id, input.connector ?? { kind: 'none' }, null, null);
  return named(
    prisma.printer.create({
      data: {
        id,
        farmId,
        name: input.name,
        technology: input.technology,
        brand: input.brand,
        model: input.model || null,
        ...volumeOf(input.technology, input.brand, input.model),
        nozzleMm: input.nozzleMm ?? (input.technology === 'FFF/FDM' ? 0.4 : null),
        material: input.material || null,
        color: input.color || null,
        ...connector,
      },
    }),
  );
}

export async function findFarmPrinter(
  prisma: PrismaClient | Prisma.TransactionClient,
  farmId: string,
  id: string,
) {
  const printer = await prisma.printer.findFirst({ where: { id, farmId } });
  if (!printer) throw notFound(PRINTER_NOT_FOUND);
  return printer;
}

/** Locks the farm's printer row for the rest of the transaction; a printer that is gone is a 404. */
async function lockFarmPrinter(tx: Prisma.TransactionClient, farmId: string, id: string): Promise<void> {
  const rows = await tx.$queryRaw<{ id: string }[]>`
    SELECT id FROM printers WHERE id = ${id}::uuid AND farm_id = ${farmId}::uuid FOR UPDATE`;
  if (rows.length === 0) throw notFound(PRINTER_NOT_FOUND);
}

export async function updatePrinter(
  prisma: PrismaClient,
  config: ApiConfig,
  farmId: string,
  id: string,
  update: PrinterUpdate,
) {
  const before = await findFarmPrinter(prisma, farmId, id);
  const technology = update.technology ?? before.technology;
  const brand = update.brand ?? before.brand;
  const model = update.model !== undefined ? update.model || null : before.model;
  if (!isCataloguedBrand(technology, brand)) {
    throw badRequest('Choose a brand listed for this technology', {
      brand: 'Choose a brand listed for this technology',
    });
  }
  const data: Prisma.PrinterUncheckedUpdateInput = {
    ...(update.name !== undefined ? { name: update.name } : {}),
    technology,
    brand,
    model,
    ...volumeOf(technology, brand, model),
    ...(update.nozzleMm !== undefined ? { nozzleMm: update.nozzleMm } : {}),
    ...(update.material !== undefined ? { material: update.material || null } : {}),
    ...(update.color !== undefined ? { color: update.color || null } : {}),
    ...(update.state !== undefined ? { state: update.state, stateMessage: null } : {}),
    ...(update.connector
      ? await connectorData(config, id, update.connector, before.connectorSecret, before.connector)
      : {}),
  };
  return prisma.$transaction(async (tx) => {
    // Removed meanwhile (another tab, another operator): a 404, not a failed update.
    await lockFarmPrinter(tx, farmId, id);
    const printer = await named(tx.printer.update({ where: { id }, data }));
    // A printer made ready (or given another material) may take the next item now.
    if (printer.state === 'idle' && printer.connector !== 'none') {
      await recordJob(tx, 'printer.dispatch', { farmId });
    }
    return printer;
  });
}

/** Removes a printer; one printing an item is refused (the item would lose its printer mid-print). */
export async function removePrinter(prisma: PrismaClient, farmId: string, id: string) {
  await prisma.$transaction(async (tx) => {
    // Locked, so that two removals at once answer one 204 and one 404.
    await lockFarmPrinter(tx, farmId, id);
    if (await printerIsBusy(tx, id))
      throw conflict('This printer is printing an item: mark it done or failed first');
    await tx.printer.delete({ where: { id } });
  });
}
