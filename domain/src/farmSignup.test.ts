import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  companyKey,
  farmSignupSchema,
  farmSlug,
  publicStreetName,
  summarizeInventory,
} from './farmSignup.ts';
import { validate } from './validation.ts';

const signup = {
  displayName: '  Lone Star Prints  ',
  contactName: 'Dana Reyes',
  contactEmail: 'dana@lonestar.example',
  contactPhone: '512-555-0100',
  fullStreetAddress: '123 Main St',
  streetName: 'Main St',
  city: 'Austin',
  state: 'TX',
  zipCode: '78701',
  printerInventory: [{ technology: 'FFF/FDM', brand: 'Bambu Lab', model: 'P1S', count: 4 }],
  website: '',
};

function fieldErrors(input: unknown) {
  const result = validate(farmSignupSchema, input);
  return result.success ? {} : result.error.fields;
}

describe('farmSignupSchema', () => {
  it('accepts a complete signup, trims text and defaults the ordering link to false', () => {
    const output = v.parse(farmSignupSchema, signup);
    expect(output.displayName).toBe('Lone Star Prints');
    expect(output.wantsOrderingLink).toBe(false);
    expect(output.website).toBe('');
  });

  it('gives the spec message for every required field', () => {
    expect(fieldErrors({})).toEqual({
      displayName: 'Company name is required',
      contactName: 'Contact name is required',
      contactEmail: 'Valid email address is required',
      contactPhone: 'Phone number is required',
      fullStreetAddress: 'Full street address is required',
      streetName: 'Street name is required',
      city: 'City is required',
      state: 'State is required',
      zipCode: 'ZIP code is required',
      printerInventory: 'Must specify at least one printer',
    });
  });

  it('treats blank text as missing', () => {
    expect(fieldErrors({ ...signup, displayName: '   ', city: '' })).toEqual({
      displayName: 'Company name is required',
      city: 'City is required',
    });
  });

  it('checks e-mail, phone, ZIP and state', () => {
    expect(
      fieldErrors({
        ...signup,
        contactEmail: 'dana@',
        contactPhone: '555-0100',
        zipCode: '7870',
        state: 'XX',
      }),
    ).toEqual({
      contactEmail: 'Valid email address is required',
      contactPhone: 'Phone number is required',
      zipCode: 'ZIP code is required',
      state: 'State is required',
    });
  });

  it('accepts a lower-case state code and stores it upper-case', () => {
    expect(v.parse(farmSignupSchema, { ...signup, state: 'tx' }).state).toBe('TX');
  });

  it('caps lengths with a clear message', () => {
    expect(fieldErrors({ ...signup, displayName: 'x'.repeat(201), zipCode: '78701-0000-1' })).toEqual({
      displayName: 'Must be at most 200 characters',
      zipCode: 'Must be at most 10 characters',
    });
  });

  it('needs at least one printer', () => {
    expect(fieldErrors({ ...signup, printerInventory: [] })).toEqual({
      printerInventory: 'Must specify at least one printer',
    });
  });

  it('checks each inventory entry', () => {
    const printerInventory = [
      { technology: 'FFF/FDM', brand: 'Prusa', count: 0 },
      { technology: '', brand: '', count: 2 },
      { technology: 'SLS', brand: 'Prusa', model: '', count: 1 },
      { technology: 'FFF/FDM', brand: 'Prusa', count: 1.5 },
    ];
    expect(fieldErrors({ ...signup, printerInventory })).toEqual({
      'printerInventory.0.count': 'Must have at least 1 printer',
      'printerInventory.1.technology': 'Technology is required',
      'printerInventory.1.brand': 'Brand is required',
      'printerInventory.2.brand': 'Choose a brand listed for this technology',
      'printerInventory.3.count': 'Printer count must be a whole number',
    });
  });

  it('caps the printers of one entry and of the whole inventory at what a real farm has', () => {
    const prusas = (count: number) => ({ technology: 'FFF/FDM', brand: 'Prusa', count });
    expect(fieldErrors({ ...signup, printerInventory: [prusas(500)] })).toEqual({});
    expect(fieldErrors({ ...signup, printerInventory: [prusas(501)] })).toEqual({
      'printerInventory.0.count': 'Printer count must be at most 500',
      printerInventory: 'A farm can list at most 500 printers in all; contact us to list more',
    });
    expect(fieldErrors({ ...signup, printerInventory: [prusas(250), prusas(250)] })).toEqual({});
    expect(fieldErrors({ ...signup, printerInventory: [prusas(250), prusas(251)] })).toEqual({
      printerInventory: 'A farm can list at most 500 printers in all; contact us to list more',
    });
  });

  it('reads a missing or non-numeric count as "at least 1"', () => {
    const printerInventory = [{ technology: 'FFF/FDM', brand: 'Prusa', count: Number.NaN }];
    expect(fieldErrors({ ...signup, printerInventory })).toEqual({
      'printerInventory.0.count': 'Must have at least 1 printer',
    });
  });

  it('accepts an empty website or a web address, adding https:// to a bare domain', () => {
    expect(v.parse(farmSignupSchema, { ...signup, website: 'lonestar.example/farm' }).website).toBe(
      'https://lonestar.example/farm',
    );
    expect(v.parse(farmSignupSchema, { ...signup, website: 'http://lonestar.example' }).website).toBe(
      'http://lonestar.example',
    );
    const { website: _omitted, ...withoutWebsite } = signup;
    expect(v.parse(farmSignupSchema, withoutWebsite).website).toBeUndefined();
  });

  it('refuses a website that is not a web address', () => {
    for (const website of ['javascript:alert(1)', 'not a url', 'ftp://files.example', 'https://intranet']) {
      expect(fieldErrors({ ...signup, website })).toEqual({ website: 'Website must be a valid URL' });
    }
  });
});

describe('publicStreetName', () => {
  it.each([
    ['123 Main St', 'Main St'],
    ['12-14B Oak Ave', 'Oak Ave'],
    ['  4500   Congress Ave, Suite 2 ', 'Congress Ave, Suite 2'],
    ['221/2 Baker Rd', 'Baker Rd'],
    ['1st Avenue', '1st Avenue'],
    ['100 1st Avenue', '1st Avenue'],
    ['Main St', 'Main St'],
    ['', ''],
  ])('%j → %j', (address, street) => {
    expect(publicStreetName(address)).toBe(street);
  });
});

describe('farmSlug', () => {
  it('makes a lower-case url slug', () => {
    expect(farmSlug("Joe's 3D Prints & Co.")).toBe('joes-3d-prints-and-co');
    expect(farmSlug('  Café  Résine ')).toBe('cafe-resine');
    expect(farmSlug('!!!')).toBe('farm');
  });

  it('stays short enough for a URL', () => {
    expect(farmSlug('a '.repeat(100)).length).toBeLessThanOrEqual(60);
    expect(farmSlug('a '.repeat(100))).not.toMatch(/-$/);
  });
});

describe('companyKey', () => {
  it('makes spellings of one company collide', () => {
    const key = companyKey('Acme 3D Printing');
    for (const name of [
      'acme 3d printing, LLC',
      'ACME  3D-Printing Inc.',
      'The Acme 3D Printing Co., Ltd.',
    ]) {
      expect(companyKey(name)).toBe(key);
    }
    expect(key).toBe('acme 3d printing');
  });

  it('keeps a name made only of a suffix', () => {
    expect(companyKey('Inc.')).toBe('inc');
    expect(companyKey('Smith & Sons Co')).toBe('smith and sons');
  });
});

describe('summarizeInventory', () => {
  it('totals printers and lists distinct types and technologies in order', () => {
    expect(
      summarizeInventory([
        { technology: 'FFF/FDM', brand: 'Bambu Lab', model: 'P1S', count: 4 },
        { technology: 'FFF/FDM', brand: 'Prusa', model: 'MK4', count: 2 },
        { technology: 'SLA/Resin', brand: 'Elegoo', count: 1 },
        { technology: 'FFF/FDM', brand: 'Bambu Lab', model: 'P1S', count: 3 },
        { technology: 'SLA/Resin', brand: 'Other', model: '  ', count: 1 },
      ]),
    ).toEqual({
      totalPrinterCount: 11,
      printerTypes: ['Bambu Lab P1S', 'Prusa MK4', 'Elegoo', 'Other printer'],
      technologies: ['FFF/FDM', 'SLA/Resin'],
    });
  });

  it('is empty for an empty inventory', () => {
    expect(summarizeInventory([])).toEqual({ totalPrinterCount: 0, printerTypes: [], technologies: [] });
  });
});
