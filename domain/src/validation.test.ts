import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { formatIssues, validate } from './validation.ts';

const schema = v.object({
  name: v.pipe(v.string('Name is required'), v.minLength(1, 'Name is required'), v.maxLength(3, 'Too long')),
  address: v.object({ street: v.pipe(v.string(), v.minLength(1, 'Street address is required')) }),
  items: v.array(v.object({ count: v.pipe(v.number(), v.minValue(1, 'Must have at least 1 printer')) })),
});

describe('formatIssues', () => {
  it('keys messages by dotted path and keeps the first per path', () => {
    const result = v.safeParse(schema, {
      name: '',
      address: { street: '' },
      items: [{ count: 1 }, { count: 0 }],
    });
    expect(result.success).toBe(false);
    expect(formatIssues(result.issues ?? [])).toEqual({
      message: 'Name is required',
      fields: {
        name: 'Name is required',
        'address.street': 'Street address is required',
        'items.1.count': 'Must have at least 1 printer',
      },
    });
  });

  it('says "Validation failed" when there is no issue', () => {
    expect(formatIssues([])).toEqual({ message: 'Validation failed', fields: {} });
  });

  it('leaves issues without a path out of the fields', () => {
    const result = v.safeParse(schema, 'not an object');
    expect(formatIssues(result.issues ?? [])).toEqual({ message: expect.any(String), fields: {} });
  });
});

describe('validate', () => {
  it('returns the parsed output', () => {
    expect(validate(schema, { name: 'Ada', address: { street: 'Elm' }, items: [] })).toEqual({
      success: true,
      output: { name: 'Ada', address: { street: 'Elm' }, items: [] },
    });
  });

  it('returns the formatted error', () => {
    expect(validate(schema, { name: 'Adam', address: { street: 'Elm' }, items: [] })).toEqual({
      success: false,
      error: { message: 'Too long', fields: { name: 'Too long' } },
    });
  });
});
