// The queue's rows as domain/printQueue.ts's rules see them, and the key a part's G-code is kept under
// for one printer (printer_slices): file hash, profile, unit, orientation, bed, nozzle, material.
import type { QueuePart, QueuePrinter } from '@printfarm/domain/printQueue';
import type { Printer, QueueItem } from '../generated/client.ts';

export function partOf(item: QueueItem): QueuePart {
  return {
    technology: item.technology,
    material: item.material,
    color: item.color,
    layerHeightMm: item.layerHeightMm,
    sizeMm:
      item.partXMm !== null && item.partYMm !== null && item.partZMm !== null
        ? { x: item.partXMm, y: item.partYMm, z: item.partZMm }
        : null,
  };
}

export function printerOf(printer: Printer): QueuePrinter {
  return {
    technology: printer.technology,
    material: printer.material,
    color: printer.color,
    nozzleMm: printer.nozzleMm,
    buildMm: { x: printer.buildXMm, y: printer.buildYMm, z: printer.buildZMm },
  };
}

export const bedKey = (printer: Pick<Printer, 'buildXMm' | 'buildYMm' | 'buildZMm'>) =>
  `${printer.buildXMm}x${printer.buildYMm}x${printer.buildZMm}`;

/** The G-code cache key of an item on a printer; null without the file's hash to key it by. */
export function printerSliceKey(item: QueueItem, printer: Printer, sha256: string | null) {
  if (!sha256) return null;
  return {
    sha256,
    profileKey: item.profileKey,
    units: item.units,
    orientation: item.orientation,
    bed: bedKey(printer),
    nozzleMm: printer.nozzleMm ?? 0.4,
    material: item.material,
  };
}
