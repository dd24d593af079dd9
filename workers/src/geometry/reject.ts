// A file that cannot be analysed for a reason the customer can act on. Not a job failure: no retry.
export class ModelRejection extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'ModelRejection';
  }
}

const thousands = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** 2000000 → "2,000,000", the way counts appear in rejection reasons. */
export function count(value: number): string {
  return thousands.format(value);
}

/** 524288000 → "500 MB", for sizes in rejection reasons. */
export function megabytes(bytes: number): string {
  const mb = bytes / 1_000_000;
  return `${mb >= 10 ? count(Math.round(mb)) : mb.toFixed(1)} MB`;
}
