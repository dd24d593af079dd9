import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { farmAdminUpdateSchema } from './farmAdmin.ts';
import { validate } from './validation.ts';

describe('farmAdminUpdateSchema', () => {
  it('accepts a partial update and normalizes fees, state and web addresses', () => {
    const output = v.parse(farmAdminUpdateSchema, {
      state: 'wa',
      monthlyFee: 20.5,
      signupFee: ' 750 ',
      customWebsite: 'shop.example.com',
      website: '',
      description: null,
      isPaidMember: true,
    });
    expect(output).toEqual({
      state: 'WA',
      monthlyFee: '20.50',
      signupFee: '750.00',
      customWebsite: 'https://shop.example.com',
      website: '',
      description: null,
      isPaidMember: true,
    });
  });

  it('words each rejected field like the signup form', () => {
    const result = validate(farmAdminUpdateSchema, {
      displayName: ' ',
      contactEmail: 'nope',
      contactPhone: '123',
      state: 'ZZ',
      zipCode: '12',
      monthlyFee: -1,
      signupFee: '1.234',
      website: 'not a url',
    });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.error.fields).toMatchObject({
      displayName: 'Company name is required',
      contactEmail: 'Valid email address is required',
      contactPhone: 'Phone number is required',
      state: 'State is required',
      zipCode: 'ZIP code is required',
      website: 'Website must be a valid URL',
    });
    expect(result.error.fields.monthlyFee).toMatch(/^Monthly fee must be/);
    expect(result.error.fields.signupFee).toMatch(/^Signup fee must be/);
  });
});
