import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  formObject,
  hasControlCharacters,
  isWebUrl,
  isWellFormedText,
  optionalChoice,
  optionalText,
  requiredParagraph,
  requiredText,
  stateCode,
  withHttpsScheme,
} from './fields.ts';
import { validate } from './validation.ts';

describe('formObject', () => {
  const schema = formObject(
    {
      companyName: v.pipe(v.string('Company name is required'), v.minLength(1, 'Company name is required')),
      zipCode: v.string(),
      note: v.optional(v.string()),
    },
    'Farm details are required',
  );

  it("reports a missing key with its field's own message, or a readable default", () => {
    expect(validate(schema, {})).toEqual({
      success: false,
      error: {
        message: 'Company name is required',
        fields: { companyName: 'Company name is required', zipCode: 'Zip code is required' },
      },
    });
  });

  it('uses its own message when the value is not an object', () => {
    expect(validate(schema, null)).toEqual({
      success: false,
      error: { message: 'Farm details are required', fields: {} },
    });
  });
});

describe('stateCode', () => {
  it('accepts any case and refuses names', () => {
    const schema = stateCode('State is required');
    expect(v.parse(schema, ' ny ')).toBe('NY');
    expect(v.safeParse(schema, 'New York').issues?.[0]?.message).toBe('State is required');
  });
});

describe('optionalChoice', () => {
  it('reads an empty option as no choice', () => {
    const schema = optionalChoice(['a', 'b'], 'Choose one');
    expect(v.parse(schema, '')).toBeUndefined();
    expect(v.parse(schema, undefined)).toBeUndefined();
    expect(v.parse(schema, 'b')).toBe('b');
    expect(v.safeParse(schema, 'c').issues?.[0]?.message).toBe('Choose one');
  });
});

describe('web addresses', () => {
  it('adds https:// only where there is no scheme', () => {
    expect(withHttpsScheme('example.com')).toBe('https://example.com');
    expect(withHttpsScheme('http://example.com')).toBe('http://example.com');
    expect(withHttpsScheme('')).toBe('');
  });

  it('accepts only http(s) with a dotted host', () => {
    expect(isWebUrl('https://shop.example.com/a?b=1')).toBe(true);
    expect(isWebUrl('https://localhost')).toBe(false);
    expect(isWebUrl('mailto:a@example.com')).toBe(false);
    expect(isWebUrl('https://exa mple.com')).toBe(false);
  });
});

describe('plain text', () => {
  it('finds control characters but lets tabs and line breaks through', () => {
    expect(hasControlCharacters('a\u0000b')).toBe(true);
    expect(hasControlCharacters('bell\u0007')).toBe(true);
    expect(hasControlCharacters('del\u007f')).toBe(true);
    expect(hasControlCharacters('two\nlines\r\n\tindented')).toBe(false);
  });

  it('finds lone surrogates but keeps real pairs (emoji)', () => {
    expect(isWellFormedText('\ud800')).toBe(false);
    expect(isWellFormedText('a\udfffb')).toBe(false);
    expect(isWellFormedText('rocket 🚀')).toBe(true);
  });

  it('refuses them in every text field with a message', () => {
    expect(v.safeParse(requiredText('Name is required'), 'Ada\u0000').issues?.[0]?.message).toBe(
      'Must not contain control characters',
    );
    expect(v.safeParse(optionalText(), 'x\ud800').issues?.[0]?.message).toBe('Must be valid Unicode text');
    expect(v.safeParse(optionalText(2000), 'line one\nline two').success).toBe(true);
  });
});

describe('requiredText and requiredParagraph', () => {
  it('keeps a required text to one line, and lets a paragraph break its lines', () => {
    for (const broken of ['Ada\nLovelace', 'Ada\r\nLovelace', 'Ada\u2028Lovelace']) {
      const result = v.safeParse(requiredText('Name is required'), broken);
      expect(result.success ? null : result.issues[0]?.message).toBe('Must be on one line');
    }
    expect(v.parse(requiredText('Name is required'), '  Ada Lovelace ')).toBe('Ada Lovelace');
    expect(v.parse(requiredParagraph('Say why'), 'The nozzle clogged.\nI will reprint it.')).toBe(
      'The nozzle clogged.\nI will reprint it.',
    );
    expect(v.safeParse(requiredParagraph('Say why'), ' ').success).toBe(false);
  });
});
