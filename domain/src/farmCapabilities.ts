// What a farm can do, derived from its printer inventory: daily capacity, materials and one capability
// row per technology and material. Farm signup and the seed both use it, so seeded farms look like
// signed-up ones.
import type { PrinterInventoryEntry } from './farmSignup.ts';
import { type BuildVolume, buildVolumeOf, largestBuildVolume, type Technology } from './printerCatalogue.ts';
import technologyProfiles from './technologyProfiles.json' with { type: 'json' };

export interface TechnologyProfile {
  /** Parts one printer of this kind turns out in a day, for the farm's capacity figure. */
  partsPerPrinterPerDay: number;
  materials: string[];
  layerHeightMm: { min: number; max: number };
  postProcessing: string[];
}

/** What printers of each technology turn out, in what, and what their parts need (technologyProfiles.json). */
export const TECHNOLOGY_PROFILES: Record<Technology, TechnologyProfile> = technologyProfiles;

/** One print_farm_capabilities row (without its farm). */
export interface CapabilityRow {
  printTechnology: Technology;
  materialType: string;
  maxPrintSize: { x: number; y: number; z: number; unit: string };
  layerHeight: { min: number; max: number };
  postProcessing: string[];
}

export type MaxPrintSize = BuildVolume & { unit: 'mm' };

export type TechnologyCapability = {
  printers: number;
  materials: string[];
  /** The build volume of the farm's largest printer of this technology. */
  maxPrintSize: MaxPrintSize;
  /** The distinct build volumes of the farm's printers of this technology. */
  buildVolumes: BuildVolume[];
};

function distinctVolumes(volumes: readonly BuildVolume[]): BuildVolume[] {
  const byKey = new Map(volumes.map((volume) => [`${volume.x}x${volume.y}x${volume.z}`, volume]));
  return [...byKey.values()];
}

/** Capacity, capabilities and capability rows derived from a printer inventory. */
export function farmCapabilities(inventory: readonly PrinterInventoryEntry[]) {
  const printersBy = new Map<Technology, number>();
  const volumesBy = new Map<Technology, BuildVolume[]>();
  for (const { technology, brand, model, count } of inventory) {
    printersBy.set(technology, (printersBy.get(technology) ?? 0) + count);
    const volumes = volumesBy.get(technology) ?? [];
    volumes.push(buildVolumeOf(technology, brand, model));
    volumesBy.set(technology, volumes);
  }
  let capacity = 0;
  const byTechnology: Record<string, TechnologyCapability> = {};
  const rows: CapabilityRow[] = [];
  for (const [technology, printers] of printersBy) {
    const profile = TECHNOLOGY_PROFILES[technology];
    const buildVolumes = distinctVolumes(volumesBy.get(technology) ?? []);
    // One size per technology: a part that fits any of the farm's printers almost always fits its largest.
    const largest = largestBuildVolume(buildVolumes) ?? buildVolumeOf(technology);
    const maxPrintSize: MaxPrintSize = { ...largest, unit: 'mm' };
    capacity += printers * profile.partsPerPrinterPerDay;
    byTechnology[technology] = { printers, materials: profile.materials, maxPrintSize, buildVolumes };
    for (const materialType of profile.materials)
      rows.push({
        printTechnology: technology,
        materialType,
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
