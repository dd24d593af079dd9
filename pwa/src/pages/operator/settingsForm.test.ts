import { farmSettingsSchema } from '@printfarm/domain/farmSettings';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import type { FarmSettings } from '../../api/operator.ts';
import { checkedValues, formField, networkDefault, settingsInput, settingsValues } from './settingsForm.ts';

const rate = (material: string, isDefault: boolean) => ({
  technology: 'FFF/FDM' as const,
  material,
  priceBasis: 'cm3',
  materialRate: '0.2000',
  machineHourRate: '3.00',
  setupFee: '4.00',
  minimumOrder: '12.00',
  leadTimeDays: 2,
  isDefault,
});

const farm = {
  displayName: 'Lone Star Layers',
  description: null,
  website: null,
  contactPhone: '512-555-0100',
  availableCapacity: 40,
  isPaused: false,
  operatingHours: null,
  wantsOrderingLink: false,
  rates: [rate('PLA', false), rate('PETG', true), rate('ABS', false)],
} as unknown as FarmSettings;

describe('farm settings form', () => {
  it('sends only the farm’s own rates, and null hours when none are set', () => {
    const { input, rows } = settingsInput(checkedValues(settingsValues(farm)));
    expect(input.rates.map((r) => r.material)).toEqual(['PLA', 'ABS']);
    expect(input.rates[0]).not.toHaveProperty('useDefault');
    expect(rows).toEqual([0, 2]);
    expect(input.availability.operatingHours).toBeNull();
    expect(input.profile).toEqual({
      displayName: 'Lone Star Layers',
      description: '',
      website: '',
      contactPhone: '512-555-0100',
    });
    expect(v.safeParse(farmSettingsSchema, input).success).toBe(true);
  });

  it('sends the hours once they are switched on', () => {
    const values = settingsValues(farm);
    values.availability.hasHours = true;
    expect(checkedValues(values).availability.operatingHours).toEqual({
      days: ['mon', 'tue', 'wed', 'thu', 'fri'],
      opensAt: '08:00',
      closesAt: '18:00',
    });
  });

  it('places the server’s message for a sent rate under its row', () => {
    expect(formField('rates.1.materialRate', [0, 2])).toBe('rates.2.materialRate');
    expect(formField('rates.0', [0, 2])).toBe('rates.0.material');
    expect(formField('rates.5.setupFee', [0, 2])).toBeNull();
    expect(formField('profile.website', [0, 2])).toBe('profile.website');
  });

  it('writes the network default as the server does', () => {
    expect(networkDefault('FFF/FDM')).toEqual({
      priceBasis: 'cm3',
      materialRate: '0.2000',
      machineHourRate: '3.00',
      setupFee: '4.00',
      minimumOrder: '12.00',
      leadTimeDays: 2,
      useDefault: true,
    });
  });
});
