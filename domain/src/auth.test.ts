import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { loginSchema, registerSchema, safeNextPath } from './auth.ts';
import { validate } from './validation.ts';

function fieldErrors(schema: v.GenericSchema, input: unknown) {
  const result = validate(schema, input);
  return result.success ? {} : result.error.fields;
}

describe('registerSchema', () => {
  it('lower-cases the e-mail and keeps the password as typed', () => {
    expect(
      v.parse(registerSchema, {
        email: ' Ada@Example.COM ',
        password: ' correct horse ',
        firstName: 'Ada',
        lastName: 'Park',
      }),
    ).toEqual({ email: 'ada@example.com', password: ' correct horse ', firstName: 'Ada', lastName: 'Park' });
  });

  it('gives the messages', () => {
    expect(
      fieldErrors(registerSchema, { email: 'ada', password: 'short', firstName: ' ', lastName: '' }),
    ).toEqual({
      email: 'Valid email is required',
      password: 'Password must be at least 10 characters',
      firstName: 'First name is required',
      lastName: 'Last name is required',
    });
    expect(fieldErrors(registerSchema, {})).toEqual({
      email: 'Valid email is required',
      password: 'Password must be at least 10 characters',
      firstName: 'First name is required',
      lastName: 'Last name is required',
    });
  });

  it('caps the password at 200 characters', () => {
    const input = { email: 'a@example.com', password: 'x'.repeat(201), firstName: 'A', lastName: 'B' };
    expect(fieldErrors(registerSchema, input)).toEqual({
      password: 'Password must be at most 200 characters',
    });
  });
});

describe('loginSchema', () => {
  it('needs an e-mail and a password', () => {
    expect(fieldErrors(loginSchema, { email: '', password: '' })).toEqual({
      email: 'Valid email is required',
      password: 'Password is required',
    });
    expect(v.parse(loginSchema, { email: 'A@B.co', password: 'pw' })).toEqual({
      email: 'a@b.co',
      password: 'pw',
    });
  });
});

describe('safeNextPath', () => {
  it.each(['/dashboard', '/store/minis?tab=products', '/admin/store/x#orders', '/'])('keeps %j', (path) => {
    expect(safeNextPath(path)).toBe(path);
  });

  it.each([
    undefined,
    null,
    42,
    '',
    'dashboard',
    '//evil.example',
    '/\\evil.example',
    '/x\\y',
    'https://evil.example/dashboard',
    'javascript:alert(1)',
    '/\t/evil.example',
    '/ok\nSet-Cookie: x=1',
    `/${'a'.repeat(2000)}`,
  ])('refuses %j', (next) => {
    expect(safeNextPath(next)).toBe('/dashboard');
  });
});
