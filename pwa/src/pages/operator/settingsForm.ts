// The farm settings form's values, from the farm as the server presents it and back to what PUT takes.
// A rate still at its network default is left out of the PUT: the farm then keeps following the network's
// default (it changes when the network's prices do) instead of freezing today's figures as its own.

import type { FarmSettingsInput, RateFigures, WEEKDAYS } from '@printfarm/domain/farmSettings';
import { formatCents } from '@printfarm/domain/money';
import { NETWORK_DEFAULT_RATES } from '@printfarm/domain/pricing';
import type { Technology } from '@printfarm/domain/printerCatalogue';
import type { FieldPath } from 'react-hook-form';
import type { FarmRate, FarmSettings } from '../../api/operator.ts';

export type Weekday = (typeof WEEKDAYS)[number];

export interface RateValues extends RateFigures {
  technology: Technology;
  material: string;
  /** True while the row shows the network default; editing any figure makes it the farm's own. */
  useDefault: boolean;
}

export interface OperatingHoursValues {
  days: Weekday[];
  opensAt: string;
  closesAt: string;
}

export interface SettingsValues {
  rates: RateValues[];
  availability: {
    availableCapacity: number;
    isPaused: boolean;
    /** Whether the farm states opening hours at all (null on the wire when not). */
    hasHours: boolean;
    operatingHours: OperatingHoursValues;
  };
  profile: { displayName: string; description: string; website: string; contactPhone: string };
  wantsOrderingLink: boolean;
}

/** What the schema checks: every rate shown (defaults too), hours or null. */
export interface CheckedValues extends Omit<SettingsValues, 'availability'> {
  availability: {
    availableCapacity: number;
    isPaused: boolean;
    operatingHours: OperatingHoursValues | null;
  };
}

const WORKWEEK: Weekday[] = ['mon', 'tue', 'wed', 'thu', 'fri'];

function hoursOf(value: unknown): OperatingHoursValues | null {
  if (typeof value !== 'object' || value === null) return null;
  const hours = value as Partial<OperatingHoursValues>;
  if (!Array.isArray(hours.days) || typeof hours.opensAt !== 'string' || typeof hours.closesAt !== 'string') {
    return null;
  }
  return { days: hours.days, opensAt: hours.opensAt, closesAt: hours.closesAt };
}

/** The network default of a technology, written as the presenter writes rates. */
export function networkDefault(technology: Technology): Omit<RateValues, 'technology' | 'material'> {
  const rate = NETWORK_DEFAULT_RATES[technology];
  return {
    priceBasis: rate.priceBasis,
    materialRate: (rate.materialRateCents / 100).toFixed(4),
    machineHourRate: formatCents(rate.machineHourRateCents),
    setupFee: formatCents(rate.setupFeeCents),
    minimumOrder: formatCents(rate.minimumOrderCents),
    leadTimeDays: rate.leadTimeDays,
    useDefault: true,
  };
}

function rateValues(rate: FarmRate): RateValues {
  return {
    technology: rate.technology,
    material: rate.material,
    priceBasis: rate.priceBasis,
    materialRate: rate.materialRate,
    machineHourRate: rate.machineHourRate,
    setupFee: rate.setupFee,
    minimumOrder: rate.minimumOrder,
    leadTimeDays: rate.leadTimeDays,
    useDefault: rate.isDefault,
  };
}

export function settingsValues(farm: FarmSettings): SettingsValues {
  const hours = hoursOf(farm.operatingHours);
  return {
    rates: farm.rates.map(rateValues),
    availability: {
      availableCapacity: farm.availableCapacity,
      isPaused: farm.isPaused,
      hasHours: hours !== null,
      operatingHours: hours ?? { days: WORKWEEK, opensAt: '08:00', closesAt: '18:00' },
    },
    profile: {
      displayName: farm.displayName,
      description: farm.description ?? '',
      website: farm.website ?? '',
      contactPhone: farm.contactPhone ?? '',
    },
    wantsOrderingLink: farm.wantsOrderingLink,
  };
}

/** The values the schema checks. */
export function checkedValues({ availability, ...rest }: SettingsValues): CheckedValues {
  const { hasHours, operatingHours, ...open } = availability;
  return { ...rest, availability: { ...open, operatingHours: hasHours ? operatingHours : null } };
}

/** The PUT body, and for each rate sent the form row it came from (to place the server's messages). */
export function settingsInput(values: CheckedValues): { input: FarmSettingsInput; rows: number[] } {
  const rows: number[] = [];
  const rates: FarmSettingsInput['rates'] = [];
  values.rates.forEach(({ useDefault, ...rate }, index) => {
    if (useDefault) return;
    rows.push(index);
    rates.push(rate as FarmSettingsInput['rates'][number]);
  });
  return { input: { ...values, rates }, rows };
}

/** A server message's path ('rates.0.materialRate' of the rates sent) as the form's field path. */
export function formField(path: string, rows: readonly number[]): FieldPath<SettingsValues> | null {
  const rate = /^rates\.(\d+)(\.\w+)?$/.exec(path);
  if (rate) {
    const row = rows[Number(rate[1])];
    return row === undefined ? null : (`rates.${row}${rate[2] ?? '.material'}` as FieldPath<SettingsValues>);
  }
  if (path === 'rates') return null;
  return path as FieldPath<SettingsValues>;
}
