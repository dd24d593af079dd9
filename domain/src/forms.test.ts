import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { newsletterSubscribeSchema } from './newsletter.ts';
import { profileSettingsSchema } from './profile.ts';
import { supportContactSchema } from './support.ts';
import { validate } from './validation.ts';

function fieldErrors(schema: v.GenericSchema, input: unknown) {
  const result = validate(schema, input);
  return result.success ? {} : result.error.fields;
}

describe('supportContactSchema', () => {
  it('needs a subject and a message of at most 5000 characters', () => {
    expect(fieldErrors(supportContactSchema, { subject: '', message: ' ' })).toEqual({
      subject: 'Subject is required',
      message: 'Message is required',
    });
    expect(fieldErrors(supportContactSchema, { subject: 'Hi', message: 'x'.repeat(5001) })).toEqual({
      message: 'Message must be at most 5000 characters',
    });
    expect(v.parse(supportContactSchema, { subject: ' Late order ', message: 'Where is it?' })).toEqual({
      subject: 'Late order',
      message: 'Where is it?',
    });
  });
});

describe('newsletterSubscribeSchema', () => {
  it('needs a valid e-mail, stored in lower case', () => {
    expect(fieldErrors(newsletterSubscribeSchema, { email: 'nope' })).toEqual({
      email: 'Valid email is required',
    });
    expect(v.parse(newsletterSubscribeSchema, { email: 'Reader@Example.com' })).toEqual({
      email: 'reader@example.com',
    });
  });
});

describe('profileSettingsSchema', () => {
  it('needs a name and accepts a default shipping address with country US', () => {
    expect(fieldErrors(profileSettingsSchema, { firstName: '', lastName: '' })).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
    });
    const address = { street: '9 Elm St', city: 'Boise', state: 'ID', zipCode: '83702' };
    expect(
      v.parse(profileSettingsSchema, { firstName: 'Ada', lastName: 'Park', defaultShippingAddress: address }),
    ).toEqual({
      firstName: 'Ada',
      lastName: 'Park',
      defaultShippingAddress: { ...address, country: 'US' },
    });
  });

  it('lets the saved address be removed with null', () => {
    const output = v.parse(profileSettingsSchema, {
      firstName: 'Ada',
      lastName: 'Park',
      defaultShippingAddress: null,
    });
    expect(output.defaultShippingAddress).toBeNull();
  });

  it('checks the address fields', () => {
    expect(
      fieldErrors(profileSettingsSchema, {
        firstName: 'Ada',
        lastName: 'Park',
        defaultShippingAddress: { street: '' },
      }),
    ).toEqual({
      'defaultShippingAddress.street': 'Street address is required',
      'defaultShippingAddress.city': 'City is required',
      'defaultShippingAddress.state': 'State is required',
      'defaultShippingAddress.zipCode': 'ZIP code is required',
    });
  });
});
