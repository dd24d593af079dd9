// Staff tools for running the network: manufacturing nodes (the farms, seen as capacity on a map) and
// platform settings.
import * as v from 'valibot';
import { ROLES } from './auth.ts';
import { emailAddress, formObject, optionalText, requiredText } from './fields.ts';
import { formatCents, formatUsd, MAX_PRICE_CENTS, parseCents } from './money.ts';
import { priceSchema } from './store.ts';

export const NODE_STATUSES = ['online', 'offline', 'maintenance', 'setup'] as const;
export type NodeStatus = (typeof NODE_STATUSES)[number];

/** The spec's coverage radii run from 45 to 90 miles; staff may widen a node up to 250. */
export const COVERAGE_RADIUS_MILES = { min: 10, max: 250 } as const;

/** A node whose status is maintenance or offline cannot be switched on. */
export function canActivateNode(status: NodeStatus): boolean {
  return status === 'online' || status === 'setup';
}

/** A whole number of `unit`s from min to max, its messages naming the field: 'Claims window must be at least 1 day'. */
function wholeCount(label: string, unit: string, min: number, max: number) {
  const amount = (count: number) => `${count} ${unit}${count === 1 ? '' : 's'}`;
  return v.pipe(
    v.number(`${label} must be a number of ${unit}s`),
    v.integer(`${label} must be a whole number of ${unit}s`),
    v.minValue(min, `${label} must be at least ${amount(min)}`),
    v.maxValue(max, `${label} must be at most ${amount(max)}`),
  );
}

export const nodeUpdateSchema = v.pipe(
  formObject({
    isActive: v.optional(v.boolean('Active must be true or false')),
    status: v.optional(v.picklist(NODE_STATUSES, 'Choose online, offline, maintenance or setup')),
    coverageRadiusMiles: v.optional(
      wholeCount('Coverage radius', 'mile', COVERAGE_RADIUS_MILES.min, COVERAGE_RADIUS_MILES.max),
    ),
  }),
  v.check(
    (update) =>
      update.isActive !== undefined ||
      update.status !== undefined ||
      update.coverageRadiusMiles !== undefined,
    'Nothing to change',
  ),
);
export type NodeUpdate = v.InferOutput<typeof nodeUpdateSchema>;

export const SETTING_KEYS = ['company', 'payments', 'system'] as const;
export type SettingKey = (typeof SETTING_KEYS)[number];

/** A dollar amount that may be zero, up to one price's cap: '0', '1.5' → '0.00', '1.50'. */
const amountSchema = (label: string) =>
  v.pipe(
    v.union([v.string(), v.number()], `${label} must be an amount in dollars`),
    v.transform((amount) => (typeof amount === 'number' ? String(amount) : amount.trim())),
    v.check(
      (amount) => parseCents(amount) !== undefined,
      `${label} must be an amount with at most 2 decimals`,
    ),
    v.check(
      (amount) => (parseCents(amount) ?? 0) <= MAX_PRICE_CENTS,
      `${label} must be at most ${formatUsd(MAX_PRICE_CENTS)}`,
    ),
    v.transform((amount) => formatCents(parseCents(amount) ?? 0)),
  );

const hours = (label: string, max: number) => wholeCount(label, 'hour', 1, max);

export const settingSchemas = {
  company: formObject({
    companyName: requiredText('Company name is required'),
    supportEmail: emailAddress('Valid email is required'),
    supportPhone: optionalText(30),
  }),
  payments: formObject({
    monthlyFee: priceSchema,
    signupFee: priceSchema,
    paymentInstructions: optionalText(2000),
    // Optional with the defaults below, so a client that knows only the fees can still save them.
    commissionPercent: v.optional(
      v.pipe(
        v.number('Commission must be a percentage'),
        v.minValue(0, 'Commission cannot be negative'),
        v.maxValue(50, 'Commission must be at most 50%'),
        v.check(
          (percent) => Number.isInteger(Math.round(percent * 1e6) / 1e4),
          'Commission takes at most 2 decimals',
        ),
      ),
      10,
    ),
    commissionMinimum: v.optional(amountSchema('Minimum commission'), '1.00'),
    claimWindowDays: v.optional(wholeCount('Claims window', 'day', 1, 60), 7),
  }),
  system: formObject({
    routeResponseHours: hours('Job response deadline', 168),
    applicationFollowUpHours: hours('Application follow-up', 168),
    acceptingFarmSignups: v.boolean('Accepting farm signups must be true or false'),
  }),
} as const;

export type Settings = { [K in SettingKey]: v.InferOutput<(typeof settingSchemas)[K]> };

/** What a fresh platform starts with; the spec's figures where it has them. */
export const DEFAULT_SETTINGS: Settings = {
  company: { companyName: 'PrintFarm Network', supportEmail: 'support@printfarm.local', supportPhone: '' },
  payments: {
    monthlyFee: '15.00',
    signupFee: '750.00',
    paymentInstructions: '',
    commissionPercent: 10,
    commissionMinimum: '1.00',
    claimWindowDays: 7,
  },
  system: { routeResponseHours: 24, applicationFollowUpHours: 48, acceptingFarmSignups: true },
};

export const userRoleUpdateSchema = formObject({
  role: v.picklist(ROLES, 'Choose customer, operator or staff'),
});
