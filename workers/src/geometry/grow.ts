// Typed arrays cannot grow in place: the tables that grow as a file is read are copied into larger ones.

/** `array`'s contents at the start of a new array of its kind, `length` long. */
export function grown<T extends Float64Array | Int32Array>(array: T, length: number): T {
  const larger = new (array.constructor as new (length: number) => T)(length);
  larger.set(array);
  return larger;
}
