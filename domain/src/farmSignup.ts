import * as v from 'valibot';
import {
  emailAddress,
  formObject,
  optionalText,
  optionalWebUrl,
  requiredText,
  ruleAcross,
  stateCode,
  textOfAtLeast,
} from './fields.ts';
import { isCataloguedBrand, printerName, TECHNOLOGIES } from './printerCatalogue.ts';
import { foldAccents, slugify } from './slug.ts';

// Each printer listed becomes a row, so one anonymous sign-up may list only as many as a large real farm.
export const MAX_PRINTERS_PER_ENTRY = 500;
export const MAX_PRINTERS_TOTAL = 500;
export const MAX_INVENTORY_ENTRIES = 100;
const totalMessage = `A farm can list at most ${MAX_PRINTERS_TOTAL} printers in all; contact us to list more`;

const countMessage = 'Must have at least 1 printer';

export const printerInventoryEntrySchema = v.pipe(
  formObject({
    technology: v.picklist(TECHNOLOGIES, 'Technology is required'),
    brand: requiredText('Brand is required', 100),
    model: optionalText(100),
    count: v.pipe(
      v.number(countMessage),
      v.integer('Printer count must be a whole number'),
      v.minValue(1, countMessage),
      v.maxValue(MAX_PRINTERS_PER_ENTRY, `Printer count must be at most ${MAX_PRINTERS_PER_ENTRY}`),
    ),
  }),
  ruleAcross(
    ['technology', 'brand'],
    (entry) => isCataloguedBrand(entry.technology, entry.brand),
    'Choose a brand listed for this technology',
  ),
);

export const farmSignupSchema = formObject({
  displayName: requiredText('Company name is required'),
  contactName: requiredText('Contact name is required'),
  contactEmail: emailAddress('Valid email address is required'),
  contactPhone: textOfAtLeast(10, 'Phone number is required', 30),
  fullStreetAddress: requiredText('Full street address is required'),
  streetName: requiredText('Street name is required'),
  city: requiredText('City is required', 100),
  state: stateCode('State is required'),
  zipCode: textOfAtLeast(5, 'ZIP code is required', 10),
  printerInventory: v.pipe(
    v.array(printerInventoryEntrySchema, 'Must specify at least one printer'),
    v.minLength(1, 'Must specify at least one printer'),
    v.maxLength(MAX_INVENTORY_ENTRIES, `At most ${MAX_INVENTORY_ENTRIES} inventory entries`),
    v.check(
      (inventory) => inventory.reduce((total, entry) => total + entry.count, 0) <= MAX_PRINTERS_TOTAL,
      totalMessage,
    ),
  ),
  website: optionalWebUrl('Website must be a valid URL'),
  wantsOrderingLink: v.optional(v.boolean(), false),
});

export type PrinterInventoryEntry = v.InferOutput<typeof printerInventoryEntrySchema>;
export type FarmSignupInput = v.InferInput<typeof farmSignupSchema>;
export type FarmSignup = v.InferOutput<typeof farmSignupSchema>;

// A leading house number such as '123', '12-14B' or '221/2', but not an ordinal street name like '1st'.
const HOUSE_NUMBER = /^(?!\d+(?:st|nd|rd|th)\b)\d[\w/-]*\s+/i;

/** The address shown publicly: the full street address without its leading house number. */
export function publicStreetName(fullStreetAddress: string): string {
  return fullStreetAddress.trim().replace(HOUSE_NUMBER, '').trim();
}

export function farmSlug(displayName: string): string {
  return slugify(displayName, 'farm');
}

const COMPANY_SUFFIXES = new Set([
  'llc',
  'inc',
  'incorporated',
  'corp',
  'corporation',
  'co',
  'company',
  'ltd',
  'limited',
  'lp',
  'llp',
  'pllc',
  'pc',
]);

/** A key under which two spellings of one company collide: 'Acme 3D Printing, LLC' ≡ 'acme 3d printing'. */
export function companyKey(displayName: string): string {
  const words = foldAccents(displayName)
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’.]/g, '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  if (words[0] === 'the' && words.length > 1) words.shift();
  while (words.length > 1 && COMPANY_SUFFIXES.has(words.at(-1) ?? '')) words.pop();
  return words.join(' ');
}

export type InventorySummary = {
  totalPrinterCount: number;
  printerTypes: string[];
  technologies: string[];
};

/** Totals and the distinct printer names of an inventory ('Formlabs Form 3+'), in the order they first appear. */
export function summarizeInventory(
  inventory: readonly { technology: string; brand: string; model?: string | null; count: number }[],
): InventorySummary {
  const printerTypes = new Set<string>();
  const technologies = new Set<string>();
  let totalPrinterCount = 0;
  for (const { technology, brand, model, count } of inventory) {
    totalPrinterCount += count;
    printerTypes.add(printerName(brand, model));
    technologies.add(technology);
  }
  return { totalPrinterCount, printerTypes: [...printerTypes], technologies: [...technologies] };
}
