// The printer catalogue of customer-side section 3, word for word: technology → brand → models.
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

const cube = (side: number): BuildVolume => ({ x: side, y: side, z: side });

/**
 * Build volumes (mm) from the manufacturers' spec sheets and product pages, keyed by the catalogue's own
 * brand and model names so a misspelt one does not compile. Keyed by brand alone, not technology: where the
 * catalogue lists a machine under two technologies (HP 4200, EOS M 290, Fuse 1+ 30W) it is the same machine.
 * A family name stands for its smallest member, so a farm is never promised more room than it has.
 */
export const PUBLISHED_BUILD_VOLUME_MM = {
  'Bambu Lab': {
    'A1 mini': cube(180),
    A1: cube(256),
    'X1 Carbon': cube(256),
    X1E: cube(256),
    P1P: cube(256),
    P1S: cube(256),
  },
  Creality: {
    'Ender 3': { x: 220, y: 220, z: 250 },
    'Ender 3 V2': { x: 220, y: 220, z: 250 },
    'Ender 3 S1': { x: 220, y: 220, z: 270 },
    'Ender 5': { x: 220, y: 220, z: 300 },
    'CR-10': { x: 300, y: 300, z: 400 },
    K1: { x: 220, y: 220, z: 250 },
    'K1 Max': cube(300),
    'Halot-One': { x: 127, y: 80, z: 160 },
    'LD-002H': { x: 130, y: 82, z: 160 },
    'LD-006': { x: 192, y: 120, z: 250 },
  },
  Prusa: {
    MK4: { x: 250, y: 210, z: 220 },
    'MK3S+': { x: 250, y: 210, z: 210 },
    'MINI+': cube(180),
    XL: cube(360),
  },
  Ultimaker: {
    S3: { x: 230, y: 190, z: 200 },
    S5: { x: 330, y: 240, z: 300 },
    '2+ Connect': { x: 223, y: 220, z: 205 },
    'Method X': { x: 190, y: 190, z: 196 },
  },
  Formlabs: {
    'Fuse 1+ 30W': { x: 165, y: 165, z: 300 },
    'Form 3': { x: 145, y: 145, z: 185 },
    '3+': { x: 145, y: 145, z: 185 },
    '3L': { x: 335, y: 200, z: 300 },
    '3B': { x: 145, y: 145, z: 185 },
    'Form 4': { x: 200, y: 125, z: 210 },
  },
  Markforged: {
    'Mark Two': { x: 320, y: 132, z: 154 },
    'Mark X': { x: 330, y: 270, z: 200 },
    'Onyx One': { x: 320, y: 132, z: 154 },
    'Onyx Pro': { x: 320, y: 132, z: 154 },
    'Metal X': { x: 300, y: 220, z: 180 },
  },
  Raise3D: {
    Pro2: { x: 305, y: 305, z: 300 },
    Pro3: cube(300),
    E2: { x: 330, y: 240, z: 240 },
    E2CF: { x: 330, y: 240, z: 240 },
  },
  Stratasys: {
    F123: cube(254), // the F123 series, as its smallest member the F170
    F170: cube(254),
    F270: { x: 305, y: 254, z: 305 },
    F370: { x: 355, y: 254, z: 355 },
    F770: { x: 1000, y: 610, z: 610 },
    J750: { x: 490, y: 390, z: 200 },
    J826: { x: 255, y: 252, z: 200 },
    J850: { x: 490, y: 390, z: 200 },
  },
  FlashForge: {
    'Creator Pro': { x: 227, y: 148, z: 150 },
    'Adventurer 3': cube(150),
    Dreamer: { x: 230, y: 150, z: 140 },
  },
  LulzBot: {
    'TAZ Pro': { x: 280, y: 280, z: 285 },
    'Mini 2': { x: 160, y: 160, z: 180 },
  },
  Elegoo: {
    'Mars 3': { x: 143.43, y: 89.6, z: 175 },
    'Mars 4': { x: 153.36, y: 77.76, z: 175 },
    'Saturn 2': { x: 218.88, y: 123.12, z: 250 },
    'Saturn 3': { x: 218.88, y: 122.88, z: 250 },
  },
  Anycubic: {
    'Photon M3': { x: 163.84, y: 102.4, z: 180 },
    'Photon Mono X': { x: 192, y: 120, z: 245 },
    'Photon Ultra': { x: 102.4, y: 57.6, z: 165 },
  },
  Peopoly: {
    Phenom: { x: 276, y: 155, z: 400 },
    'Phenom L': { x: 345, y: 194, z: 400 },
    'Phenom XXL': { x: 527, y: 296, z: 600 },
  },
  '3D Systems': {
    'NextDent 5100': { x: 124.8, y: 70.2, z: 196 },
    'Figure 4': { x: 124.8, y: 70.2, z: 196 },
    'ProX SLS 6100': { x: 381, y: 330, z: 460 },
    'sPro 60': { x: 381, y: 330, z: 460 },
    'sPro 140': { x: 550, y: 550, z: 460 },
    'ProJet MJP 2500': { x: 294, y: 211, z: 144 },
    '3600': { x: 298, y: 185, z: 203 },
    'ProX DMP 320': { x: 275, y: 275, z: 420 },
    'DMP Flex 350': { x: 275, y: 275, z: 420 },
  },
  Phrozen: {
    'Sonic Mini 8K': { x: 165, y: 72, z: 180 },
    Transform: { x: 292, y: 165, z: 400 },
  },
  HP: {
    'Multi Jet Fusion 5200': { x: 380, y: 284, z: 380 },
    '3200': { x: 380, y: 284, z: 380 },
    '4200': { x: 380, y: 284, z: 380 },
    '5200': { x: 380, y: 284, z: 380 },
    '5210': { x: 380, y: 284, z: 380 },
    'Metal Jet': { x: 430, y: 320, z: 200 },
  },
  EOS: {
    'P 396': { x: 340, y: 340, z: 600 },
    'P 770': { x: 700, y: 380, z: 580 },
    'M 290': { x: 250, y: 250, z: 325 },
    'M 400': cube(400),
    'M 300-4': { x: 300, y: 300, z: 400 },
  },
  Sinterit: {
    'Lisa Pro': { x: 110, y: 160, z: 245 },
  },
  'Desktop Metal': {
    'Shop System': { x: 350, y: 222, z: 50 }, // the 4 L build box, the smallest of four
    'Studio System 2': { x: 300, y: 200, z: 200 },
    'Production System': { x: 200, y: 100, z: 40 }, // the P-1, the smaller of P-1 and P-50
  },
  ExOne: {
    'Innovent+': { x: 160, y: 65, z: 65 },
    '25 Pro': { x: 400, y: 250, z: 250 },
  },
  'SLM Solutions': {
    'SLM 280': { x: 280, y: 280, z: 365 },
    'SLM 500': { x: 500, y: 280, z: 365 },
  },
  Renishaw: {
    'AM 400': { x: 250, y: 250, z: 300 },
    'AM 500Q': { x: 250, y: 250, z: 350 },
  },
} as const satisfies PublishedBuildVolumes;

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
