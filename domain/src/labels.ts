// How people read a stored value where the value already says it: 'needs_attention' → 'Needs attention'.
// A set whose words differ from its values ('done' → 'Printed') keeps its own table.

/** 'needs_attention' → 'Needs attention'. */
export function valueLabel(value: string): string {
  const words = value.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Each value's label, in the values' order. */
export function labelsOf<const Value extends string>(values: readonly Value[]): Record<Value, string> {
  return Object.fromEntries(values.map((value) => [value, valueLabel(value)])) as Record<Value, string>;
}
