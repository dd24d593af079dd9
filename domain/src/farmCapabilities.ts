// What a farm can do, derived from its printer inventory: daily capacity, materials and one capability
// row per technology. Farm signup and the seed both use it, so seeded farms look like signed-up ones.
import type { PrinterInventoryEntry } from './farmSignup.ts';
import { type Technology, TYPICAL_BUILD_VOLUME_MM } from './printerCatalogue.ts';

export interface TechnologyProfile {
  /** Parts one printer of this kind turns out in a day, for the farm's capacity figure. */
  partsPerPrinterPerDay: number;
  materials: string[];
  layerHeightMm: { min: number; max: number };
  postProcessing: string[];
}

export const TECHNOLOGY_PROFILES: Record<Technology, TechnologyProfile> = {
  'FFF/FDM': {
    partsPerPrinterPerDay: 8,
    materials: ['PLA', 'PETG', 'ABS', 'TPU'],
    layerHeightMm: { min: 0.08, max: 0.32 },
    postProcessing: ['support removal', 'sanding'],
  },
  'SLA/Resin': {
    partsPerPrinterPerDay: 6,
    materials: ['Standard Resin', 'Tough Resin', 'Flexible Resin'],
    layerHeightMm: { min: 0.025, max: 0.1 },
    postProcessing: ['washing', 'UV curing', 'support removal'],
  },
  SLS: {
    partsPerPrinterPerDay: 40,
    materials: ['Nylon PA12', 'Nylon PA11'],
    layerHeightMm: { min: 0.08, max: 0.12 },
    postProcessing: ['depowdering', 'bead blasting', 'dyeing'],
  },
  'Multi Jet Fusion': {
    partsPerPrinterPerDay: 60,
    materials: ['Nylon PA12', 'Nylon PA11', 'TPU'],
    layerHeightMm: { min: 0.08, max: 0.08 },
    postProcessing: ['depowdering', 'bead blasting', 'dyeing'],
  },
  PolyJet: {
    partsPerPrinterPerDay: 10,
    materials: ['Photopolymer', 'Digital ABS', 'Rubber-like'],
    layerHeightMm: { min: 0.014, max: 0.032 },
    postProcessing: ['support removal'],
  },
  'Binder Jetting': {
    partsPerPrinterPerDay: 30,
    materials: ['Stainless Steel', 'Sand', 'Full-color Gypsum'],
    layerHeightMm: { min: 0.05, max: 0.1 },
    postProcessing: ['sintering', 'infiltration'],
  },
  'Metal 3D Printing': {
    partsPerPrinterPerDay: 4,
    materials: ['Stainless Steel 316L', 'Aluminum AlSi10Mg', 'Titanium Ti64'],
    layerHeightMm: { min: 0.02, max: 0.06 },
    postProcessing: ['heat treatment', 'support removal', 'machining'],
  },
  Other: {
    partsPerPrinterPerDay: 5,
    materials: ['Various'],
    layerHeightMm: { min: 0.05, max: 0.3 },
    postProcessing: [],
  },
};

/** One print_farm_capabilities row (without its farm). */
export interface CapabilityRow {
  printTechnology: Technology;
  materialType: string;
  maxPrintSize: { x: number; y: number; z: number; unit: string };
  layerHeight: { min: number; max: number };
  postProcessing: string[];
}

/** Capacity, capabilities and capability rows derived from a printer inventory. */
export function farmCapabilities(inventory: readonly PrinterInventoryEntry[]) {
  const printersBy = new Map<Technology, number>();
  for (const entry of inventory)
    printersBy.set(entry.technology, (printersBy.get(entry.technology) ?? 0) + entry.count);
  let capacity = 0;
  const byTechnology: Record<string, { printers: number; materials: string[]; maxPrintSize: object }> = {};
  const rows: CapabilityRow[] = [];
  for (const [technology, printers] of printersBy) {
    const profile = TECHNOLOGY_PROFILES[technology];
    const maxPrintSize = { ...TYPICAL_BUILD_VOLUME_MM[technology], unit: 'mm' };
    capacity += printers * profile.partsPerPrinterPerDay;
    byTechnology[technology] = { printers, materials: profile.materials, maxPrintSize };
    rows.push({
      printTechnology: technology,
      materialType: profile.materials[0] ?? 'Various',
      maxPrintSize,
      layerHeight: profile.layerHeightMm,
      postProcessing: profile.postProcessing,
    });
  }
  const capabilities = {
    technologies: [...printersBy.keys()],
    materials: [...new Set([...printersBy.keys()].flatMap((t) => TECHNOLOGY_PROFILES[t].materials))],
    byTechnology,
    unit: 'parts per day',
  };
  return { capacity, capabilities, rows };
}
