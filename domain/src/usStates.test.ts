import { describe, expect, it } from 'vitest';
import { isUsStateCode, toUsStateCode, US_STATE_CODES, US_STATES, usStateName } from './usStates.ts';

describe('US states', () => {
  it('lists the 50 states once each, without DC or territories', () => {
    expect(US_STATES).toHaveLength(50);
    expect(new Set(US_STATE_CODES).size).toBe(50);
    expect(US_STATE_CODES).not.toContain('DC');
    expect(US_STATE_CODES).not.toContain('PR');
  });

  it('recognises codes exactly', () => {
    expect(isUsStateCode('TX')).toBe(true);
    expect(isUsStateCode('tx')).toBe(false);
    expect(isUsStateCode(42)).toBe(false);
  });

  it('names a code and finds a code by name', () => {
    expect(usStateName('ca')).toBe('California');
    expect(usStateName('XX')).toBeUndefined();
    expect(toUsStateCode(' new york ')).toBe('NY');
    expect(toUsStateCode('wy')).toBe('WY');
    expect(toUsStateCode('Ontario')).toBeUndefined();
  });
});
