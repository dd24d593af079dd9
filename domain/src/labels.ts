// How people read a stored value where the value already says it: 'needs_attention' → 'Needs attention'.
// Where some words differ from their values ('done' → 'Printed'), only those are written out.

/** 'needs_attention' → 'Needs attention'. */
export function valueLabel(value: string): string {
  const words = value.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Each value's label, in the values' order: its own words from `words`, else what the value says. */
export function labelsOf<const Value extends string>(
  values: readonly Value[],
  words: Partial<Record<Value, string>> = {},
): Record<Value, string> {
  const labels = values.map((value) => [value, words[value] ?? valueLabel(value)]);
  return Object.fromEntries(labels) as Record<Value, string>;
}
