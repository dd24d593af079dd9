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

function sortedSides({ x, y, z }: BuildVolume): number[] {
  return [x, y, z].sort((a, b) => a - b);
}

/** True when a part of the given size (mm) fits the technology's typical volume in some axis-aligned orientation. */
export function fitsTypicalBuildVolume(size: BuildVolume, technology: Technology): boolean {
  const part = sortedSides(size);
  const volume = sortedSides(TYPICAL_BUILD_VOLUME_MM[technology]);
  return part.every((side, i) => side <= (volume[i] ?? 0));
}

/** The technologies whose typical build volume holds a part of this size. */
export function technologiesThatFit(size: BuildVolume): Technology[] {
  return TECHNOLOGIES.filter((technology) => fitsTypicalBuildVolume(size, technology));
}
