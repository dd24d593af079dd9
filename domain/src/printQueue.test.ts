import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  eligibility,
  materialChanges,
  nozzleFits,
  type OrderedItem,
  placeInQueue,
  type QueuePart,
  type QueuePrinter,
  queueOrderSchema,
} from './printQueue.ts';

const mk4: QueuePrinter = {
  technology: 'FFF/FDM',
  material: 'PLA',
  color: 'Black',
  nozzleMm: 0.4,
  buildMm: { x: 250, y: 210, z: 220 },
};
const bracket: QueuePart = {
  technology: 'FFF/FDM',
  material: 'PLA',
  color: 'black',
  layerHeightMm: 0.2,
  sizeMm: { x: 80, y: 40, z: 20 },
};

describe('eligibility', () => {
  it('takes a part whose technology, material, colour, size and layers the printer has', () => {
    expect(eligibility(bracket, mk4)).toEqual({ ok: true });
    expect(eligibility({ ...bracket, color: null }, { ...mk4, color: null })).toEqual({ ok: true });
  });

  it('refuses another technology, material or colour', () => {
    expect(eligibility({ ...bracket, technology: 'SLA/Resin' }, mk4)).toEqual({
      ok: false,
      reason: 'needs SLA/Resin',
    });
    expect(eligibility({ ...bracket, material: 'PETG' }, mk4)).toEqual({
      ok: false,
      reason: 'needs PETG loaded',
    });
    expect(eligibility(bracket, { ...mk4, material: null })).toMatchObject({ ok: false });
    expect(eligibility({ ...bracket, color: 'Red' }, mk4)).toEqual({ ok: false, reason: 'needs Red PLA' });
    expect(eligibility(bracket, { ...mk4, color: null })).toMatchObject({ ok: false });
  });

  it('turns a part about Z to fit, never onto its side', () => {
    expect(eligibility({ ...bracket, sizeMm: { x: 200, y: 240, z: 100 } }, mk4)).toEqual({ ok: true });
    expect(eligibility({ ...bracket, sizeMm: { x: 260, y: 100, z: 100 } }, mk4)).toEqual({
      ok: false,
      reason: '260 × 100 × 100 mm does not fit the bed',
    });
    expect(eligibility({ ...bracket, sizeMm: { x: 100, y: 100, z: 221 } }, mk4)).toMatchObject({ ok: false });
  });

  it('asks the nozzle to lay the quoted layer height', () => {
    expect(nozzleFits(0.4, 0.28)).toBe(true);
    expect(nozzleFits(0.4, 0.12)).toBe(true);
    expect(nozzleFits(0.3, 0.28)).toBe(false);
    expect(nozzleFits(0.6, 0.12)).toBe(false);
    expect(eligibility({ ...bracket, layerHeightMm: 0.12 }, { ...mk4, nozzleMm: 0.6 })).toEqual({
      ok: false,
      reason: 'a 0.6 mm nozzle cannot lay 0.12 mm layers',
    });
  });
});

const item = (id: string, readyBy: string, material = 'PLA', color: string | null = null): OrderedItem => ({
  id,
  readyBy,
  material,
  color,
});
const ids = (queue: readonly OrderedItem[]) => queue.map((entry) => entry.id);

describe('placeInQueue', () => {
  it('puts earlier ready-by dates first', () => {
    const queue = placeInQueue(
      [],
      [item('late', '2026-12-10'), item('soon', '2026-12-02'), item('mid', '2026-12-05')],
    );
    expect(ids(queue)).toEqual(['soon', 'mid', 'late']);
  });

  it('groups a day by material so the queue changes material as little as possible', () => {
    const queue = placeInQueue(
      [],
      [
        item('pla1', '2026-12-02', 'PLA'),
        item('petg1', '2026-12-02', 'PETG'),
        item('pla2', '2026-12-02', 'PLA'),
        item('petg2', '2026-12-02', 'PETG'),
      ],
    );
    expect(ids(queue)).toEqual(['pla1', 'pla2', 'petg1', 'petg2']);
    expect(materialChanges(queue)).toBe(1);
  });

  it("keeps the operator's order of the items already queued", () => {
    const moved = [item('b', '2026-12-05'), item('a', '2026-12-02')];
    const queue = placeInQueue(moved, [item('new', '2026-12-03')]);
    expect(ids(queue)).toEqual(['b', 'a', 'new']);
  });

  it('puts a new item after every item due the same day or earlier', () => {
    const queue = placeInQueue(
      [item('a', '2026-12-02'), item('c', '2026-12-09')],
      [item('b', '2026-12-02', 'ABS')],
    );
    expect(ids(queue)).toEqual(['a', 'b', 'c']);
  });
});

describe('queueOrderSchema', () => {
  it('refuses an item twice', () => {
    const id = '7e6d5c4b-3a29-4180-9f7e-6d5c4b3a2918';
    expect(v.safeParse(queueOrderSchema, { itemIds: [id, id] }).success).toBe(false);
    expect(v.safeParse(queueOrderSchema, { itemIds: [id] }).success).toBe(true);
  });
});
