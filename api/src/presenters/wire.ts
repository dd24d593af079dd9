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
