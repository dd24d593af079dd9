import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { canActivateNode, DEFAULT_SETTINGS, nodeUpdateSchema, settingSchemas } from './network.ts';

describe('nodes', () => {
  it('can switch on only nodes that are online or being set up', () => {
    expect(canActivateNode('online')).toBe(true);
    expect(canActivateNode('setup')).toBe(true);
    expect(canActivateNode('maintenance')).toBe(false);
    expect(canActivateNode('offline')).toBe(false);
  });

  it('refuses an empty update and an out-of-range radius', () => {
    expect(v.safeParse(nodeUpdateSchema, {}).issues?.[0]?.message).toBe('Nothing to change');
    expect(v.safeParse(nodeUpdateSchema, { coverageRadiusMiles: 5 }).issues?.[0]?.message).toBe(
      'Coverage radius must be at least 10 miles',
    );
    expect(v.parse(nodeUpdateSchema, { isActive: false })).toEqual({ isActive: false });
  });
});

describe('settings', () => {
  it('accepts the defaults as valid settings', () => {
    for (const key of Object.keys(DEFAULT_SETTINGS) as (keyof typeof DEFAULT_SETTINGS)[]) {
      expect(v.parse(settingSchemas[key], DEFAULT_SETTINGS[key])).toEqual(DEFAULT_SETTINGS[key]);
    }
  });

  it('normalises fees to two decimals and refuses bad ones', () => {
    expect(v.parse(settingSchemas.payments, { monthlyFee: '15', signupFee: 750 }).monthlyFee).toBe('15.00');
    expect(v.safeParse(settingSchemas.payments, { monthlyFee: '-1', signupFee: '1' }).success).toBe(false);
  });
});
