// The print choices a customer makes for FDM parts and the material facts pricing and slicing share.
// Each layer-height/infill pair has a PrusaSlicer profile of its own (workers/src/slicer/profiles).

export const LAYER_HEIGHTS_MM = [0.12, 0.2, 0.28] as const;
export type LayerHeightMm = (typeof LAYER_HEIGHTS_MM)[number];

export const INFILL_PERCENTS = [15, 25, 50, 100] as const;
export type InfillPercent = (typeof INFILL_PERCENTS)[number];

export interface PrintSettings {
  layerHeightMm: LayerHeightMm;
  infillPercent: InfillPercent;
}

export const DEFAULT_PRINT_SETTINGS: PrintSettings = { layerHeightMm: 0.2, infillPercent: 15 };

export const LAYER_HEIGHT_LABELS: Record<LayerHeightMm, string> = {
  0.12: 'Fine (0.12 mm)',
  0.2: 'Standard (0.20 mm)',
  0.28: 'Draft (0.28 mm)',
};

/** The profile file name (without .ini) for a layer-height/infill pair, e.g. '0.20mm-15pct'. */
export function sliceProfileKey({ layerHeightMm, infillPercent }: PrintSettings): string {
  return `${layerHeightMm.toFixed(2)}mm-${infillPercent}pct`;
}

/** Every layer-height/infill pair a profile exists for. */
export const PROFILE_SETTINGS: readonly PrintSettings[] = LAYER_HEIGHTS_MM.flatMap((layerHeightMm) =>
  INFILL_PERCENTS.map((infillPercent) => ({ layerHeightMm, infillPercent })),
);

export const SLICE_PROFILE_KEYS: readonly string[] = PROFILE_SETTINGS.map(sliceProfileKey);

/** The settings a profile key names ('0.20mm-15pct'); undefined for a key no profile has. */
export function settingsOfProfile(profileKey: string): PrintSettings | undefined {
  return PROFILE_SETTINGS.find((settings) => sliceProfileKey(settings) === profileKey);
}

/** Density of the printed material, g/cm³ (filament or powder/resin as it ends up in the part). */
export const MATERIAL_DENSITY_G_CM3: Record<string, number> = {
  PLA: 1.24,
  PETG: 1.27,
  ABS: 1.04,
  TPU: 1.21,
  'Standard Resin': 1.18,
  'Tough Resin': 1.16,
  'Flexible Resin': 1.12,
  'Nylon PA12': 1.01,
  'Nylon PA11': 1.03,
  Photopolymer: 1.18,
  'Digital ABS': 1.17,
  'Rubber-like': 1.12,
  'Stainless Steel': 7.9,
  Sand: 1.6,
  'Full-color Gypsum': 1.4,
  'Stainless Steel 316L': 7.99,
  'Aluminum AlSi10Mg': 2.67,
  'Titanium Ti64': 4.43,
  Various: 1.2,
};

export function materialDensity(material: string): number {
  return MATERIAL_DENSITY_G_CM3[material] ?? 1.2;
}

/** The settings stored in a request's `specifications`, those it has (requests made before may lack them). */
export function storedPrintSettings(specifications: unknown): Partial<PrintSettings> {
  const spec = (
    typeof specifications === 'object' && specifications !== null ? specifications : {}
  ) as Record<string, unknown>;
  const layer = LAYER_HEIGHTS_MM.find((height) => height === spec.layerHeightMm);
  const infill = INFILL_PERCENTS.find((percent) => percent === spec.infillPercent);
  return {
    ...(layer !== undefined ? { layerHeightMm: layer } : {}),
    ...(infill !== undefined ? { infillPercent: infill } : {}),
  };
}

/** The settings a request is quoted and sliced at: its own, else the defaults. */
export function printSettingsOf(specifications: unknown): PrintSettings {
  return { ...DEFAULT_PRINT_SETTINGS, ...storedPrintSettings(specifications) };
}
