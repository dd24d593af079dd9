// The printer catalogue of customer-side section 3, word for word: technology → brand → models.
import publishedBuildVolumes from './publishedBuildVolumes.json' with { type: 'json' };

export const PRINTER_CATALOGUE = {
  'FFF/FDM': {
    'Bambu Lab': ['A1 mini', 'A1', 'X1 Carbon', 'X1E', 'P1P', 'P1S'],
    Creality: ['Ender 3', 'Ender 3 V2', 'Ender 3 S1', 'Ender 5', 'CR-10', 'K1', 'K1 Max'],
    Prusa: ['MK4', 'MK3S+', 'MINI+', 'XL'],
    Ultimaker: ['S3', 'S5', '2+ Connect', 'Method X'],
    Formlabs: ['Fuse 1+ 30W'],
    Markforged: ['Mark Two', 'Mark X', 'Onyx One', 'Onyx Pro'],
    Raise3D: ['Pro2', 'Pro3', 'E2', 'E2CF'],
    Stratasys: ['F123', 'F170', 'F270', 'F370', 'F770'],
    FlashForge: ['Creator Pro', 'Adventurer 3', 'Dreamer'],
    LulzBot: ['TAZ Pro', 'Mini 2'],
    Other: ['Custom Build', 'Kit Build', 'Other Brand'],
  },
  'SLA/Resin': {
    Formlabs: ['Form 3', '3+', '3L', '3B', 'Form 4'],
    Elegoo: ['Mars 3', 'Mars 4', 'Saturn 2', 'Saturn 3'],
    Anycubic: ['Photon M3', 'Photon Mono X', 'Photon Ultra'],
    Creality: ['Halot-One', 'LD-002H', 'LD-006'],
    Peopoly: ['Phenom', 'Phenom L', 'Phenom XXL'],
    '3D Systems': ['NextDent 5100', 'Figure 4'],
    Phrozen: ['Sonic Mini 8K', 'Transform'],
    Other: ['Custom Build', 'Other Brand'],
  },
  SLS: {
    Formlabs: ['Fuse 1+ 30W'],
    '3D Systems': ['ProX SLS 6100', 'sPro 60', 'sPro 140'],
    HP: ['Multi Jet Fusion 5200', '4200'],
    EOS: ['P 396', 'P 770', 'M 290'],
    Sinterit: ['Lisa', 'Lisa Pro', 'NILS 480'],
    Other: ['Custom Build', 'Other Brand'],
  },
  'Multi Jet Fusion': {
    HP: ['3200', '4200', '5200', '5210'],
    Other: ['Other Brand'],
  },
  PolyJet: {
    Stratasys: ['J55', 'J750', 'J826', 'J850'],
    '3D Systems': ['ProJet MJP 2500', '3600'],
    Other: [],
  },
  'Binder Jetting': {
    'Desktop Metal': ['Shop System', 'Studio System 2', 'Production System'],
    ExOne: ['Innovent+', '25 Pro'],
    HP: ['Metal Jet'],
    Other: ['Custom Build', 'Other Brand'],
  },
  'Metal 3D Printing': {
    Markforged: ['Metal X'],
    'Desktop Metal': ['Studio System 2', 'Shop System', 'Production System'],
    '3D Systems': ['ProX DMP 320', 'DMP Flex 350'],
    EOS: ['M 290', 'M 400', 'M 300-4'],
    'SLM Solutions': ['SLM 280', 'SLM 500'],
    Renishaw: ['AM 400', 'AM 500Q'],
    Other: [],
  },
  Other: {
    Custom: ['Custom Build', 'Experimental', 'Prototype'],
    Other: ['Other Brand', 'Unlisted Model'],
  },
} as const satisfies Record<string, Record<string, readonly string[]>>;

export type Catalogue = typeof PRINTER_CATALOGUE;
export type Technology = keyof Catalogue;
export type BrandOf<T extends Technology> = keyof Catalogue[T] & string;

export const TECHNOLOGIES = Object.keys(PRINTER_CATALOGUE) as Technology[];

export function technologies(): readonly Technology[] {
  return TECHNOLOGIES;
}

export function isTechnology(value: unknown): value is Technology {
  return typeof value === 'string' && Object.hasOwn(PRINTER_CATALOGUE, value);
}

function brandTable(technology: string): Record<string, readonly string[]> | undefined {
  return isTechnology(technology) ? PRINTER_CATALOGUE[technology] : undefined;
}

/** The brands offered for a technology, in catalogue order; empty for an unknown technology. */
export function brandsFor(technology: string): readonly string[] {
  const brands = brandTable(technology);
  return brands ? Object.keys(brands) : [];
}

/** The models offered for a brand of a technology; empty when either is unknown or the brand lists none. */
export function modelsFor(technology: string, brand: string): readonly string[] {
  const brands = brandTable(technology);
  return brands && Object.hasOwn(brands, brand) ? (brands[brand] ?? []) : [];
}

// The catalogue lists some models as the spec does, shortened after their family's first member
// ('Form 3', '3+'); people write them whole.
const FULL_MODEL_NAMES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  Formlabs: { '3+': 'Form 3+', '3L': 'Form 3L', '3B': 'Form 3B' },
  HP: {
    '3200': 'Multi Jet Fusion 3200',
    '4200': 'Multi Jet Fusion 4200',
    '5200': 'Multi Jet Fusion 5200',
    '5210': 'Multi Jet Fusion 5210',
  },
  '3D Systems': { '3600': 'ProJet MJP 3600' },
  ExOne: { '25 Pro': 'X1 25 Pro' },
};

// 'Other' and 'Custom' are catalogue headings, not brands: the model alone names the machine.
const NOT_BRANDS = new Set(['Other', 'Custom']);
const UNNAMED_MODELS: Readonly<Record<string, string>> = {
  'Other Brand': 'Other printer',
  'Unlisted Model': 'Unlisted printer',
};

/** A printer as people write it: 'Formlabs Form 3+', 'Bambu Lab X1 Carbon', 'Custom Build', 'Other printer'. */
export function printerName(brand: string, model?: string | null): string {
  const trimmedBrand = brand.trim();
  const trimmedModel = model?.trim() ?? '';
  if (NOT_BRANDS.has(trimmedBrand)) {
    return UNNAMED_MODELS[trimmedModel] ?? (trimmedModel || 'Other printer');
  }
  const fullModel = FULL_MODEL_NAMES[trimmedBrand]?.[trimmedModel] ?? trimmedModel;
  return fullModel ? `${trimmedBrand} ${fullModel}` : trimmedBrand;
}

export function isCataloguedBrand(technology: string, brand: string): boolean {
  return brandsFor(technology).includes(brand);
}

export type BuildVolume = { x: number; y: number; z: number };

/** The build volume (mm) of the machine a farm of each technology most likely runs. */
export const TYPICAL_BUILD_VOLUME_MM: Record<Technology, BuildVolume> = {
  'FFF/FDM': { x: 256, y: 256, z: 256 }, // Bambu Lab X1/P1/A1, the commonest farm printer
  'SLA/Resin': { x: 145, y: 145, z: 185 }, // Formlabs Form 3/3+
  SLS: { x: 165, y: 165, z: 300 }, // Formlabs Fuse 1+ 30W
  'Multi Jet Fusion': { x: 380, y: 284, z: 380 }, // HP Jet Fusion 4200/5200
  PolyJet: { x: 490, y: 390, z: 200 }, // Stratasys J750/J850 tray
  'Binder Jetting': { x: 400, y: 250, z: 250 }, // ExOne X1 25 Pro job box
  'Metal 3D Printing': { x: 250, y: 250, z: 325 }, // EOS M 290
  Other: { x: 200, y: 200, z: 200 }, // a cautious figure for custom and experimental machines
};

/** Every brand and model pair the catalogue lists, under any technology. */
type CataloguedPrinter = {
  [T in Technology]: {
    [B in BrandOf<T>]: Catalogue[T][B] extends readonly (infer M)[] ? { brand: B; model: M } : never;
  }[BrandOf<T>];
}[Technology];
type ModelOf<B extends string> = Extract<CataloguedPrinter, { brand: B }>['model'];
type PublishedBuildVolumes = {
  readonly [B in CataloguedPrinter['brand']]?: { readonly [M in ModelOf<B>]?: BuildVolume };
};
/** The brands, or brands' models, of a table of volumes that the catalogue does not list. */
type Uncatalogued<Table> = {
  [B in keyof Table]: B extends CataloguedPrinter['brand'] ? Exclude<keyof Table[B], ModelOf<B>> : B;
}[keyof Table];

/** The table as it is, where a brand or model the catalogue does not list (a misspelling) fails to compile. */
function cataloguedOnly<Table extends PublishedBuildVolumes>(
  table: Table & { [Name in Uncatalogued<Table> & string]: 'not in the catalogue' },
): PublishedBuildVolumes {
  return table;
}

/**
 * Build volumes (mm) from the manufacturers' spec sheets and product pages (publishedBuildVolumes.json),
 * keyed by the catalogue's own brand and model names. Keyed by brand alone, not technology: where the
 * catalogue lists a machine under two technologies (HP 4200, EOS M 290, Fuse 1+ 30W) it is the same machine.
 * A family name stands for its smallest member, so a farm is never promised more room than it has: the
 * Stratasys F123 series is its F170, the Desktop Metal Shop System its 4 L build box (the smallest of four),
 * the Production System its P-1 (the smaller of P-1 and P-50).
 */
export const PUBLISHED_BUILD_VOLUME_MM = cataloguedOnly(publishedBuildVolumes);

function publishedBuildVolume(brand: string, model: string): BuildVolume | undefined {
  const byBrand: Readonly<Record<string, Readonly<Record<string, BuildVolume>>>> = PUBLISHED_BUILD_VOLUME_MM;
  const byModel = Object.hasOwn(byBrand, brand) ? byBrand[brand] : undefined;
  return byModel && Object.hasOwn(byModel, model) ? byModel[model] : undefined;
}

/** The printer's published build volume (mm), or the technology's typical one when none is published. */
export function buildVolumeOf(technology: Technology, brand?: string, model?: string): BuildVolume {
  const published = brand && model ? publishedBuildVolume(brand, model) : undefined;
  return published ?? TYPICAL_BUILD_VOLUME_MM[technology];
}

function sortedSides({ x, y, z }: BuildVolume): number[] {
  return [x, y, z].sort((a, b) => a - b);
}

/** The largest of some build volumes (by what they hold); undefined for none. */
export function largestBuildVolume<V extends BuildVolume>(volumes: readonly V[]): V | undefined {
  const holds = ({ x, y, z }: BuildVolume) => x * y * z;
  return volumes.reduce<V | undefined>(
    (largest, next) => (!largest || holds(next) > holds(largest) ? next : largest),
    undefined,
  );
}

/** True when a part of the given size (mm) fits the volume in some axis-aligned orientation. */
export function fitsBuildVolume(part: BuildVolume, volume: BuildVolume): boolean {
  const sides = sortedSides(volume);
  return sortedSides(part).every((side, i) => side <= (sides[i] ?? 0));
}

/** True when a part of the given size (mm) fits the technology's typical volume in some axis-aligned orientation. */
export function fitsTypicalBuildVolume(size: BuildVolume, technology: Technology): boolean {
  return fitsBuildVolume(size, TYPICAL_BUILD_VOLUME_MM[technology]);
}

/** The technologies whose typical build volume holds a part of this size. */
export function technologiesThatFit(size: BuildVolume): Technology[] {
  return TECHNOLOGIES.filter((technology) => fitsTypicalBuildVolume(size, technology));
}
