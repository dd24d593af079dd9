// What a client holds after JSON.parse of a presented value: a Date (or a Prisma Decimal) arrives as the
// string its toJSON wrote, and functions are gone. A presenter that returns such values exports its view
// type through this, so the PWA, which imports these types, reads what the wire carries.
export type Wire<T> = T extends { toJSON(): infer J }
  ? Wire<J>
  : T extends (...args: never[]) => unknown
    ? never
    : T extends object
      ? { [K in keyof T]: Wire<T[K]> }
      : T;

/** A moment as the wire writes it (ISO 8601), or null. */
export function iso(date: Date): string;
export function iso(date: Date | null): string | null;
export function iso(date: Date | null) {
  return date?.toISOString() ?? null;
}

/** A calendar day as 'YYYY-MM-DD', or null. */
export const day = (date: Date | null) => date?.toISOString().slice(0, 10) ?? null;

/** The named fields of a row as they are: the part of an answer that needs no shaping. */
export function pick<T, K extends keyof T>(row: T, ...keys: K[]): Pick<T, K> {
  const picked = {} as Pick<T, K>;
  for (const key of keys) picked[key] = row[key];
  return picked;
}
