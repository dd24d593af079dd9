import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { applicationFormSchema, applicationSchema, applicationUpdateSchema } from './application.ts';
import { validate } from './validation.ts';

const application = {
  firstName: 'Sam',
  lastName: 'Ortiz',
  email: 'sam@example.com',
  phone: '(555) 010-0199',
  city: 'Tulsa',
  state: 'OK',
  experience: 'beginner',
  workspace: 'Two-car garage',
  investment: '30days',
  notes: '',
};

function fieldErrors(schema: v.GenericSchema, input: unknown) {
  const result = validate(schema, input);
  return result.success ? {} : result.error.fields;
}

describe('applicationFormSchema', () => {
  it('accepts a filled form with the terms ticked', () => {
    expect(v.parse(applicationFormSchema, { ...application, terms: true })).toMatchObject({ terms: true });
  });

  it('gives the spec messages', () => {
    expect(fieldErrors(applicationFormSchema, { terms: false })).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Valid email is required',
      phone: 'Valid phone number is required',
      city: 'City is required',
      state: 'State is required',
      terms: 'You must agree to the terms',
    });
  });

  it('asks for the terms when the box is missing', () => {
    expect(fieldErrors(applicationFormSchema, application)).toEqual({ terms: 'You must agree to the terms' });
  });

  it('checks the phone length and the state', () => {
    expect(
      fieldErrors(applicationFormSchema, {
        ...application,
        phone: '555-0199',
        state: 'Oklahoma',
        terms: true,
      }),
    ).toEqual({
      phone: 'Valid phone number is required',
      state: 'State is required',
    });
  });
});

describe('applicationSchema', () => {
  it('is the form without terms, and drops a stray terms field', () => {
    const output = v.parse(applicationSchema, { ...application, terms: true });
    expect(output).not.toHaveProperty('terms');
    expect(output.state).toBe('OK');
  });

  it('treats an empty choice as no choice and refuses unknown choices', () => {
    expect(v.parse(applicationSchema, { ...application, experience: '', investment: '' })).toMatchObject({
      experience: undefined,
      investment: undefined,
    });
    expect(
      fieldErrors(applicationSchema, { ...application, experience: 'expert', investment: 'later' }),
    ).toEqual({
      experience: 'Choose an experience level',
      investment: 'Choose an investment timeline',
    });
  });

  it('leaves the optional fields out', () => {
    const { experience, workspace, investment, notes, ...required } = application;
    expect(v.parse(applicationSchema, required)).toEqual(required);
  });
});

describe('applicationUpdateSchema', () => {
  it('accepts any of the five statuses with optional notes', () => {
    for (const status of ['New', 'Contacted', 'Demo', 'Won', 'Lost']) {
      expect(v.parse(applicationUpdateSchema, { status })).toEqual({ status });
    }
    expect(v.parse(applicationUpdateSchema, { status: 'Won', notes: ' Signed ' })).toEqual({
      status: 'Won',
      notes: 'Signed',
    });
  });

  it('refuses an unknown status', () => {
    expect(fieldErrors(applicationUpdateSchema, { status: 'won' })).toEqual({ status: 'Choose a status' });
  });
});
