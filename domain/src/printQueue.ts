// The farm's print queue (issue 27): which printer may take which part, and the order parts wait in.
// Pure rules, shared by the API (the operator's screen and commands) and the workers (dispatch).
import * as v from 'valibot';
import { formObject, requiredParagraph } from './fields.ts';
import { labelsOf } from './labels.ts';
import { fitsOnBed } from './orientation.ts';
import type { BuildVolume } from './printerCatalogue.ts';

export const QUEUE_ITEM_STATES = ['queued', 'held', 'printing', 'done'] as const;
export type QueueItemState = (typeof QUEUE_ITEM_STATES)[number];

export const QUEUE_ITEM_STATE_LABELS = labelsOf(QUEUE_ITEM_STATES, { held: 'On hold', done: 'Printed' });

/** The order the queue starts in, as the operator's screen says it. */
export const QUEUE_RULE = 'Earliest ready-by first, then the fewest material changes';

/** What a part needs of a printer. */
export interface QueuePart {
  technology: string;
  material: string;
  /** null: any colour will do. */
  color: string | null;
  layerHeightMm: number;
  /** The part's size in the orientation it was quoted in; null when the analysis could not measure it. */
  sizeMm: BuildVolume | null;
}

/** What a printer offers. */
export interface QueuePrinter {
  technology: string;
  material: string | null;
  color: string | null;
  nozzleMm: number | null;
  buildMm: BuildVolume;
}

export type Eligibility = { ok: true } | { ok: false; reason: string };

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * A nozzle lays layers between a quarter and three quarters of its width (PrusaSlicer's own bounds for
 * a printable layer height), so a 0.28 mm draft needs at least a 0.4 mm nozzle, and 0.12 mm fine layers
 * at most a 0.4 mm one.
 */
export function nozzleFits(nozzleMm: number, layerHeightMm: number): boolean {
  const tolerance = 1e-9;
  return layerHeightMm >= 0.25 * nozzleMm - tolerance && layerHeightMm <= 0.75 * nozzleMm + tolerance;
}

/** Whether the printer can take the part as it stands: technology, material and colour loaded, bed, nozzle. */
export function eligibility(part: QueuePart, printer: QueuePrinter): Eligibility {
  if (!same(part.technology, printer.technology)) return { ok: false, reason: `needs ${part.technology}` };
  if (!printer.material || !same(part.material, printer.material)) {
    return { ok: false, reason: `needs ${part.material} loaded` };
  }
  if (part.color && !(printer.color && same(part.color, printer.color))) {
    return { ok: false, reason: `needs ${part.color} ${part.material}` };
  }
  if (part.sizeMm && !fitsOnBed(part.sizeMm, printer.buildMm)) {
    const { x, y, z } = part.sizeMm;
    return {
      ok: false,
      reason: `${Math.ceil(x)} × ${Math.ceil(y)} × ${Math.ceil(z)} mm does not fit the bed`,
    };
  }
  if (
    part.technology === 'FFF/FDM' &&
    printer.nozzleMm !== null &&
    !nozzleFits(printer.nozzleMm, part.layerHeightMm)
  ) {
    return {
      ok: false,
      reason: `a ${printer.nozzleMm} mm nozzle cannot lay ${part.layerHeightMm} mm layers`,
    };
  }
  return { ok: true };
}

/** An item as the ordering rule sees it. */
export interface OrderedItem {
  id: string;
  /** 'YYYY-MM-DD' or a Date: only the day counts. */
  readyBy: Date | string;
  material: string;
  color: string | null;
}

const day = (readyBy: Date | string) =>
  typeof readyBy === 'string' ? readyBy.slice(0, 10) : readyBy.toISOString().slice(0, 10);
const loadOf = (item: OrderedItem) => `${item.material.toLowerCase()}|${(item.color ?? '').toLowerCase()}`;

/**
 * Places new items in a queue that is already in order (the operator may have moved things): each goes
 * after every item due the same day or earlier, and among that day's items right after the last one of
 * the same material and colour, so it adds no material change. Returns the whole queue, in order.
 */
export function placeInQueue<T extends OrderedItem>(queue: readonly T[], added: readonly T[]): T[] {
  const result = [...queue];
  const byRule = [...added].sort((a, b) => day(a.readyBy).localeCompare(day(b.readyBy)));
  for (const item of byRule) {
    const due = day(item.readyBy);
    let after = -1;
    for (let index = 0; index < result.length; index += 1) {
      if (day((result[index] as T).readyBy) <= due) after = index;
    }
    let sameLoad = -1;
    for (let index = 0; index <= after; index += 1) {
      const other = result[index] as T;
      if (day(other.readyBy) === due && loadOf(other) === loadOf(item)) sameLoad = index;
    }
    result.splice((sameLoad >= 0 ? sameLoad : after) + 1, 0, item);
  }
  return result;
}

/** How many times the material (or colour) changes going down the queue: what the rule keeps low. */
export function materialChanges(queue: readonly OrderedItem[]): number {
  let changes = 0;
  for (let index = 1; index < queue.length; index += 1) {
    if (loadOf(queue[index] as OrderedItem) !== loadOf(queue[index - 1] as OrderedItem)) changes += 1;
  }
  return changes;
}

const itemId = v.pipe(v.string('Choose a queue item'), v.uuid('Choose a queue item'));

/** The operator's order, top first: every waiting item of the farm, each once. */
export const queueOrderSchema = formObject({
  itemIds: v.pipe(
    v.array(itemId, 'Send the queue in its new order'),
    v.minLength(1, 'Send the queue in its new order'),
    v.maxLength(2000, 'At most 2000 items'),
    v.check((ids) => new Set(ids).size === ids.length, 'Each item may appear once'),
  ),
});

/** Pins an item to one printer (only it may take the item), or unpins it (null). */
export const queuePinSchema = formObject({
  printerId: v.nullable(v.pipe(v.string('Choose a printer'), v.uuid('Choose a printer'))),
});

/** Marks an item started by hand on a printer (it may be a printer without a connector). */
export const queueStartSchema = formObject({
  printerId: v.pipe(v.string('Choose the printer it prints on'), v.uuid('Choose the printer it prints on')),
});

/** A print that failed or was cancelled: why, for the record and the operator's e-mail. */
export const queueFailSchema = formObject({
  reason: requiredParagraph('Say what went wrong', 300),
});
