// What a customer chooses for a print request (PATCH /api/print-requests/{id}) and what they send when
// they act on it: cancel, rate. The request screen validates with these very objects.
import * as v from 'valibot';
import { TECHNOLOGY_PROFILES } from './farmCapabilities.ts';
import { formObject, optionalText, requiredText } from './fields.ts';
import { isMoneyAmount } from './money.ts';
import { shippingAddressEntries, shippingAddressSchema } from './order.ts';
import { TECHNOLOGIES, type Technology } from './printerCatalogue.ts';
import { INFILL_PERCENTS, LAYER_HEIGHTS_MM } from './printSettings.ts';
import { priceSchema } from './store.ts';
import { UNITS } from './units.ts';

export const MAX_PART_QUANTITY = 1_000;
export const MAX_FILES_PER_REQUEST = 20;

/** Colours farms stock for most materials; the customer may also name another. */
export const COMMON_COLORS = [
  'Black',
  'White',
  'Grey',
  'Red',
  'Blue',
  'Green',
  'Yellow',
  'Orange',
  'Natural',
];

export function materialsFor(technology: string): readonly string[] {
  return Object.hasOwn(TECHNOLOGY_PROFILES, technology)
    ? TECHNOLOGY_PROFILES[technology as Technology].materials
    : [];
}

export const quantitySchema = v.pipe(
  v.number('Quantity must be a number'),
  v.integer('Quantity must be a whole number'),
  v.minValue(1, 'Quantity must be at least 1'),
  v.maxValue(MAX_PART_QUANTITY, `Quantity must be at most ${MAX_PART_QUANTITY}`),
);

const zipMessage = 'Enter a 5-digit US ZIP code';
export const zipCodeSchema = v.pipe(
  v.string(zipMessage),
  v.trim(),
  v.regex(/^\d{5}(-\d{4})?$/, zipMessage),
  v.transform((zip) => zip.slice(0, 5)),
);

const DAY_MS = 86_400_000;

/** A calendar day ('2026-12-24') that is later than today. */
export function futureDateSchema(message: string) {
  return v.pipe(
    v.string(message),
    v.trim(),
    v.regex(/^\d{4}-\d{2}-\d{2}$/, message),
    v.transform((day) => new Date(`${day}T00:00:00Z`)),
    v.check((date) => !Number.isNaN(date.getTime()), message),
    v.check((date) => date.getTime() > Date.now() - DAY_MS / 2, 'Choose a date after today'),
    v.check((date) => date.getTime() < Date.now() + 366 * DAY_MS, 'Choose a date within a year'),
  );
}

const fileChoiceSchema = formObject({
  id: v.pipe(v.string('Invalid file'), v.uuid('Invalid file')),
  units: v.optional(v.picklist(UNITS, 'Choose mm, cm, in or m')),
  quantity: v.optional(quantitySchema),
  /** The customer's answer to the file's printability warnings: print it as it is (true) or not. */
  printAsIs: v.optional(v.boolean('Answer print as is with true or false')),
});

/** PATCH /api/print-requests/{id}: every field optional; null clears an optional choice. */
export const printRequestChoicesSchema = v.pipe(
  formObject({
    technology: v.optional(v.picklist(TECHNOLOGIES, 'Choose a technology')),
    material: v.optional(requiredText('Choose a material', 60)),
    color: optionalText(40),
    quantity: v.optional(quantitySchema),
    shipToZip: v.optional(zipCodeSchema),
    deadline: v.nullish(futureDateSchema('Choose a deadline date')),
    budget: v.nullish(priceSchema),
    notes: optionalText(2000),
    layerHeightMm: v.optional(v.picklist(LAYER_HEIGHTS_MM, 'Choose a layer height')),
    infillPercent: v.optional(v.picklist(INFILL_PERCENTS, 'Choose an infill')),
    shippingAddress: v.nullish(shippingAddressSchema),
    files: v.optional(
      v.pipe(
        v.array(fileChoiceSchema, 'Files must be a list'),
        v.maxLength(MAX_FILES_PER_REQUEST, `At most ${MAX_FILES_PER_REQUEST} files`),
      ),
    ),
  }),
  v.forward(
    v.check(
      (choices) =>
        choices.technology === undefined ||
        choices.material === undefined ||
        materialsFor(choices.technology).includes(choices.material),
      'Choose a material this technology prints',
    ),
    ['material'],
  ),
);
export type PrintRequestChoicesInput = v.InferInput<typeof printRequestChoicesSchema>;
export type PrintRequestChoices = v.InferOutput<typeof printRequestChoicesSchema>;

/** What a request needs before it can be quoted; each missing piece names its field. */
export function missingForQuote(request: {
  technology: string | null;
  material: string | null;
  shipToZip: string | null;
  readyFiles: number;
  pendingFiles: number;
}): Record<string, string> {
  const missing: Record<string, string> = {};
  if (!request.technology) missing.technology = 'Choose a technology';
  if (!request.material) missing.material = 'Choose a material';
  else if (request.technology && !materialsFor(request.technology).includes(request.material))
    missing.material = 'Choose a material this technology prints';
  if (!request.shipToZip) missing.shipToZip = 'Enter the ZIP code to ship to';
  if (request.readyFiles + request.pendingFiles === 0) missing.files = 'Upload at least one printable file';
  return missing;
}

/**
 * Where a print request's parts go: the store checkout's address rules, plus who receives them and a
 * phone number the carrier may call. Given when the customer accepts an offer.
 */
export const shipToAddressSchema = formObject(
  {
    name: requiredText('Name is required', 100),
    ...shippingAddressEntries,
    phone: optionalText(30),
  },
  'Shipping address is required',
);
export type ShipToAddressInput = v.InferInput<typeof shipToAddressSchema>;
export type ShipToAddress = v.InferOutput<typeof shipToAddressSchema>;

/**
 * POST /api/print-requests/{id}/offers/{offerId}/accept. Without an address the request's own, else the
 * customer's saved default, is used. A file with printability warnings must have been answered 'print
 * as is' (or printAsIs sent here).
 */
export const acceptOfferSchema = formObject({
  shippingAddress: v.optional(shipToAddressSchema),
  /** Print every file as it is, whatever its warnings (the same as answering each file's). */
  printAsIs: v.optional(v.boolean('Answer print as is with true or false')),
  /**
   * The offer's price as the customer saw it ('45.00'): an offer is re-priced in place (its firm
   * price, a new round), so a price that no longer matches answers 409 instead of ordering at the new one.
   */
  price: v.optional(
    v.pipe(v.union([v.string(), v.number()], 'Invalid price'), v.check(isMoneyAmount, 'Invalid price')),
  ),
});

/** The 409 when the offer's price changed since the customer saw it. */
export function offerPriceChanged(price: string): string {
  return `This offer's price is now $${price}: check it and accept again`;
}

export const cancelRequestSchema = formObject({
  reason: optionalText(500),
});

const score = (label: string) =>
  v.pipe(
    v.number(`Rate ${label} from 1 to 5`),
    v.integer(`Rate ${label} from 1 to 5`),
    v.minValue(1, `Rate ${label} from 1 to 5`),
    v.maxValue(5, `Rate ${label} from 1 to 5`),
  );

export const ratingSchema = formObject({
  quality: score('quality'),
  communication: score('communication'),
  timeliness: score('timeliness'),
  comment: optionalText(2000),
});
export type RatingInput = v.InferInput<typeof ratingSchema>;
