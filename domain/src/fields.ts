import * as v from 'valibot';
import { US_STATE_CODES } from './usStates.ts';

// Building blocks shared by the form schemas, so every form trims, caps and words its errors the same way.

export const DEFAULT_MAX_LENGTH = 200;

/** 'shippingAddress' → 'Shipping address'. */
function fieldLabel(key: string): string {
  const words = key.replace(/([a-z\d])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * An object schema whose missing keys report their own field's message ('Company name is required')
 * instead of valibot's 'Invalid key: Expected "displayName"'; `message` is used when it is not an object.
 */
export function formObject<const TEntries extends v.ObjectEntries>(
  entries: TEntries,
  message = 'Invalid input',
) {
  return v.object(entries, (issue) => {
    const item = issue.path?.[0];
    if (item?.type !== 'object' || item.origin !== 'key') return message;
    const entry: object | undefined = (entries as v.ObjectEntries)[item.key];
    const entryMessage = entry && 'message' in entry ? entry.message : undefined;
    return typeof entryMessage === 'string' ? entryMessage : `${fieldLabel(item.key)} is required`;
  });
}

function tooLong(max: number): string {
  return `Must be at most ${max} characters`;
}

// C0 controls other than tab and line breaks, and DEL: never typed by a person, refused by PostgreSQL
// (NUL) or harmful in e-mails and logs.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export function hasControlCharacters(value: string): boolean {
  return CONTROL_CHARACTER.test(value);
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** A lone UTF-16 surrogate ('\ud800') cannot be stored or sent as UTF-8. */
export function isWellFormedText(value: string): boolean {
  return !LONE_SURROGATE.test(value);
}

/** Text as people type it: no control characters, no broken Unicode. Part of every text field below. */
export function plainText() {
  return [
    v.check((value: string) => !hasControlCharacters(value), 'Must not contain control characters'),
    v.check(isWellFormedText, 'Must be valid Unicode text'),
  ] as const;
}

const LINE_BREAK = /[\r\n\u2028\u2029]/;

/**
 * A name, an address line, a title: one line. A line break in one would start a paragraph of its own
 * in the plain-text e-mails it is quoted in (a customer's name in a store's new-order e-mail).
 */
export function oneLine() {
  return v.check((value: string) => !LINE_BREAK.test(value), 'Must be on one line');
}

/** A trimmed string of at least one character, lines may break: a description, a reason in sentences. */
export function requiredParagraph(message: string, max = DEFAULT_MAX_LENGTH) {
  return v.pipe(
    v.string(message),
    v.trim(),
    v.minLength(1, message),
    v.maxLength(max, tooLong(max)),
    ...plainText(),
  );
}

/** A trimmed line of at least one character; `message` is shown when it is missing or blank. */
export function requiredText(message: string, max = DEFAULT_MAX_LENGTH) {
  return v.pipe(requiredParagraph(message, max), oneLine());
}

/** A trimmed string of at least `min` characters (phone numbers, a claim's details). */
export function textOfAtLeast(min: number, message: string, max = DEFAULT_MAX_LENGTH) {
  return v.pipe(
    v.string(message),
    v.trim(),
    v.minLength(min, message),
    v.maxLength(max, tooLong(max)),
    ...plainText(),
  );
}

/** An optional trimmed string; an empty string stays empty so an update can clear the field. */
export function optionalText(max = DEFAULT_MAX_LENGTH) {
  return v.optional(v.pipe(v.string(), v.trim(), v.maxLength(max, tooLong(max)), ...plainText()));
}

export function emailAddress(message: string) {
  return v.pipe(v.string(message), v.trim(), v.email(message), v.maxLength(254, tooLong(254)));
}

/** An e-mail that identifies an account or a subscription, compared case-insensitively. */
export function accountEmail(message: string) {
  return v.pipe(emailAddress(message), v.toLowerCase());
}

/** One of the 50 US state codes, accepted in any case. */
export function stateCode(message: string) {
  return v.pipe(
    v.string(message),
    v.trim(),
    v.toUpperCase(),
    v.minLength(2, message),
    v.picklist(US_STATE_CODES, message),
  );
}

/** An optional choice where a form's empty option ('') means "no choice". */
export function optionalChoice<const TOptions extends readonly string[]>(options: TOptions, message: string) {
  return v.optional(
    v.pipe(
      v.string(message),
      v.transform((value) => value.trim() || undefined),
      v.optional(v.picklist(options, message)),
    ),
  );
}

const SCHEME = /^[a-z][a-z\d+.-]*:/i;

/** 'example.com/shop' → 'https://example.com/shop'; anything with a scheme is left alone. */
export function withHttpsScheme(value: string): string {
  return value === '' || SCHEME.test(value) ? value : `https://${value}`;
}

/** Only http(s) addresses with a dotted host, so a stored link can never be `javascript:` or an intranet name. */
export function isWebUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.');
}

/** An optional web address: empty is allowed, a bare domain gets https:// in front. */
export function optionalWebUrl(message: string) {
  return v.optional(
    v.pipe(
      v.string(message),
      v.trim(),
      v.transform(withHttpsScheme),
      v.check((value) => value === '' || isWebUrl(value), message),
      v.maxLength(2048, tooLong(2048)),
    ),
  );
}

/**
 * A rule between two fields whose message shows under the second ('Choose a carrier' under the carrier).
 * It runs as soon as both fields are valid, even while others are not, so the form shows it with theirs.
 */
export function ruleAcross<
  TInput extends Record<string, unknown>,
  const TOther extends keyof TInput & string,
  const TField extends keyof TInput & string,
>(
  [other, field]: readonly [TOther, TField],
  requirement: (input: Pick<TInput, TOther | TField>) => boolean,
  message: string,
) {
  type Selection = Pick<TInput, TOther | TField>;
  type Rule = v.BaseValidation<TInput, TInput, v.PartialCheckIssue<Selection>>;
  // valibot checks paths against an input type it knows; TInput is still generic here, so the check is
  // made on any object and the signature above ties both names to TInput.
  const paths: [[string], [string]] = [[other], [field]];
  const check = v.partialCheck<Record<string, unknown>, typeof paths, Record<string, unknown>, string>(
    paths,
    (input) => requirement(input as Selection),
    message,
  );
  return v.forward(check, [field]) as unknown as Rule;
}
