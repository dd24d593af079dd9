// What an operator sets for their farm (PUT /api/operator/farm): prices per technology and material,
// availability, the public profile and the custom ordering page.
import * as v from 'valibot';
import { formObject, optionalText, optionalWebUrl, requiredText } from './fields.ts';
import { formatUsd, MAX_PRICE_CENTS, parseCents } from './money.ts';
import { PRICE_BASES, type RateCard } from './pricing.ts';
import { TECHNOLOGIES } from './printerCatalogue.ts';
import { materialsFor } from './printRequest.ts';

/** A fee charged per file or per hour: a quote adds up many, so each stays far below one price's cap. */
const MAX_FEE_CENTS = 1_000_000;

/** Money that may be zero (a farm may waive its setup fee or have no minimum), up to `maxCents`. */
function amount(label: string, maxCents: number) {
  const message = `${label} must be an amount like 12.50`;
  return v.pipe(
    v.union([v.string(), v.number()], message),
    v.transform((value) => (typeof value === 'number' ? String(value) : value.trim())),
    v.check((value) => parseCents(value) !== undefined, message),
    v.transform((value) => parseCents(value) ?? 0),
    v.check((cents) => cents <= maxCents, `${label} must be at most ${formatUsd(maxCents)}`),
  );
}

/** A per-cm³ or per-gram rate, to a hundredth of a cent ('0.0450'), in cents. */
const materialRate = v.pipe(
  v.union([v.string(), v.number()], 'Material rate must be an amount like 0.25'),
  v.transform((value) => (typeof value === 'number' ? String(value) : value.trim())),
  v.regex(/^\d{1,4}(\.\d{1,4})?$/, 'Material rate must be an amount like 0.25, with at most 4 decimals'),
  v.transform((value) => Math.round(Number(value) * 10_000) / 100),
);

export const farmRateSchema = v.pipe(
  formObject({
    technology: v.picklist(TECHNOLOGIES, 'Choose a technology'),
    material: requiredText('Choose a material', 60),
    priceBasis: v.picklist(PRICE_BASES, 'Charge per cm³ or per gram'),
    materialRate,
    machineHourRate: amount('Machine-hour rate', MAX_FEE_CENTS),
    setupFee: amount('Setup fee', MAX_FEE_CENTS),
    minimumOrder: amount('Minimum order', MAX_PRICE_CENTS),
    leadTimeDays: v.pipe(
      v.number('Lead time must be a number of days'),
      v.integer('Lead time must be whole days'),
      v.minValue(0, 'Lead time cannot be negative'),
      v.maxValue(90, 'Lead time must be at most 90 days'),
    ),
  }),
  v.forward(
    v.check(
      (rate) => materialsFor(rate.technology).includes(rate.material),
      'Choose a material this technology prints',
    ),
    ['material'],
  ),
);
export type FarmRateInput = v.InferInput<typeof farmRateSchema>;

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
const time = v.pipe(v.string('Use HH:MM'), v.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use HH:MM, e.g. 08:30'));

export const operatingHoursSchema = v.pipe(
  formObject({
    days: v.pipe(
      v.array(v.picklist(WEEKDAYS, 'Choose weekdays'), 'Choose weekdays'),
      v.transform((days) => WEEKDAYS.filter((day) => days.includes(day))),
    ),
    opensAt: time,
    closesAt: time,
  }),
  v.forward(
    v.check((hours) => hours.opensAt < hours.closesAt, 'Closing time must be after opening time'),
    ['closesAt'],
  ),
);
export type OperatingHours = v.InferOutput<typeof operatingHoursSchema>;

export const farmSettingsSchema = formObject({
  rates: v.pipe(
    v.array(farmRateSchema, 'Rates must be a list'),
    v.maxLength(60, 'At most 60 rates'),
    v.check(
      (rates) => new Set(rates.map((r) => `${r.technology}|${r.material}`)).size === rates.length,
      'Each technology and material may have one rate',
    ),
  ),
  availability: formObject({
    availableCapacity: v.pipe(
      v.number('Capacity must be a number of parts per day'),
      v.integer('Capacity must be a whole number of parts per day'),
      v.minValue(0, 'Capacity cannot be negative'),
      v.maxValue(100_000, 'Capacity must be at most 100,000 parts per day'),
    ),
    isPaused: v.boolean('Paused must be true or false'),
    operatingHours: v.nullish(operatingHoursSchema),
  }),
  profile: formObject({
    displayName: requiredText('Farm name is required', 120),
    description: optionalText(2000),
    website: optionalWebUrl('Website must be a valid URL'),
    contactPhone: requiredText('Contact phone is required', 30),
  }),
  wantsOrderingLink: v.boolean('Ordering page must be true or false'),
});
export type FarmSettingsInput = v.InferInput<typeof farmSettingsSchema>;
export type FarmSettings = v.InferOutput<typeof farmSettingsSchema>;

/** A rate's figures: money as decimal text (a form, the wire) or as the database's decimals. */
export interface RateFigures<Money = string> {
  priceBasis: string;
  materialRate: Money;
  machineHourRate: Money;
  setupFee: Money;
  minimumOrder: Money;
  leadTimeDays: number;
}

/** A stored rate row as the pricing function reads it. */
export function rateCardOf(row: RateFigures<{ toString(): string } | number>): RateCard {
  const cents = (value: { toString(): string } | number) => Math.round(Number(String(value)) * 10_000) / 100;
  return {
    priceBasis: row.priceBasis === 'gram' ? 'gram' : 'cm3',
    materialRateCents: cents(row.materialRate),
    machineHourRateCents: Math.round(cents(row.machineHourRate)),
    setupFeeCents: Math.round(cents(row.setupFee)),
    minimumOrderCents: Math.round(cents(row.minimumOrder)),
    leadTimeDays: row.leadTimeDays,
  };
}
