// A plausible value a schema accepts: a candidate by field name or kind for each leaf (kept only if the
// schema accepts it), objects field by field, and a field tried again when a check across fields fails.
import { TECHNOLOGY_PROFILES } from '@printfarm/domain/farmCapabilities';
import { PRINTER_CATALOGUE } from '@printfarm/domain/printerCatalogue';
import * as v from 'valibot';
import { UNKNOWN_ID } from './fieldMutations.ts';
import {
  accepts,
  isContainer,
  kindsOf,
  limitsOf,
  node,
  OBJECTS,
  type SchemaNode,
  unwrap,
} from './schemaReading.ts';

// Values a person would type, by field name; each candidate is kept only if the schema accepts it.
const FUTURE_DAY = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
const BRANDS = Object.values(PRINTER_CATALOGUE).flatMap((brands) => Object.keys(brands));
const MATERIALS = Object.values(TECHNOLOGY_PROFILES).flatMap((profile) => profile.materials);
const NAMED: [RegExp, readonly unknown[]][] = [
  [/email/i, ['fuzz.base@example.test']],
  [/phone/i, ['5125550100']],
  [/zip/i, ['78701']],
  [/^state$/, ['TX']],
  [/url$|website/i, ['https://example.com/fuzz']],
  [/password/i, ['correct-horse-battery-9']],
  [/tracking/i, ['1Z999AA10123456784', '9400111899223100012345', '123456789012']],
  [/^brand$/, BRANDS],
  [/^material$/, MATERIALS],
  [/deadline|readyBy/, [FUTURE_DAY]],
  [/At$/, ['08:00', '17:00']],
];
const GENERIC_STRINGS = ['Fuzz base', 'abcdefghij', '12.50', '0.25', '5125550100', '78701', FUTURE_DAY, 'TX'];
const GENERIC_NUMBERS = [1, 5, 12.5, 0, 50];

function leafCandidates(schema: SchemaNode, name: string, fixtures: Record<string, string>): unknown[] {
  const limits = limitsOf(schema);
  const named = NAMED.filter(([pattern]) => pattern.test(name)).flatMap(([, values]) => values);
  const candidates: unknown[] = [...limits.picks, ...named];
  for (const kind of kindsOf(schema)) {
    if (kind === 'string') {
      if (limits.uuid) candidates.push(fixtures[name] ?? UNKNOWN_ID);
      candidates.push(...GENERIC_STRINGS, 'x'.repeat(limits.minLength ?? 1));
    }
    if (kind === 'number') {
      candidates.push(
        ...[limits.minValue, limits.maxValue].filter((n) => n !== undefined),
        ...GENERIC_NUMBERS,
      );
    }
    if (kind === 'boolean') candidates.push(true, false);
    if (kind === 'picklist' || kind === 'enum') candidates.push(...(schema.options ?? []));
    if (kind === 'literal') candidates.push(schema.literal);
  }
  return candidates;
}

/** A value the schema accepts, when this file can find one (else its best try). */
export function sampleValue(schema: unknown, name: string, fixtures: Record<string, string>): unknown {
  const inner = unwrap(node(schema));
  if (OBJECTS.has(inner.type)) return sampleObject(inner, fixtures);
  if (inner.type === 'array') {
    const item = sampleValue(inner.item, name.replace(/s$/, ''), fixtures);
    return Array.from({ length: Math.max(1, limitsOf(inner).minLength ?? 1) }, () => item);
  }
  if (inner.type === 'record') return { note: sampleValue(inner.value, 'note', fixtures) };
  if (inner.type === 'union' || inner.type === 'variant') {
    const options = (inner.options ?? []).map(node).filter((option) => isContainer(unwrap(option)));
    for (const option of options) {
      const value = sampleValue(option, name, fixtures);
      if (accepts(inner, value)) return value;
    }
  }
  const candidates = leafCandidates(inner, name, fixtures);
  return candidates.find((candidate) => accepts(inner, candidate)) ?? candidates[0];
}

function sampleObject(object: SchemaNode, fixtures: Record<string, string>): Record<string, unknown> {
  const entries = object.entries ?? {};
  const value: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(entries)) value[key] = sampleValue(entry, key, fixtures);
  // Checks across fields (a brand listed for the technology, a tracking number of the carrier) name
  // one field: try that field's other candidates, and leave an optional field out if none fits.
  for (let round = 0; round < 4; round += 1) {
    const result = v.safeParse(object as unknown as v.GenericSchema, value);
    if (result.success) break;
    const keys = new Set(
      result.issues.map((issue) => issue.path?.[0]?.key).filter((key) => typeof key === 'string'),
    );
    for (const key of keys as Set<string>) {
      const entry = entries[key];
      if (!entry) continue;
      const fit = leafCandidates(unwrap(entry), key, fixtures).find((candidate) =>
        accepts(object, { ...value, [key]: candidate }),
      );
      if (fit !== undefined) value[key] = fit;
      else if (accepts(entry, undefined)) delete value[key];
    }
  }
  return value;
}
