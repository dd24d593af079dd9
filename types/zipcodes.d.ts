// The `zipcodes` package (offline US ZIP centroids) ships no types; these cover what the project uses.
declare module 'zipcodes' {
  export interface ZipCode {
    zip: string;
    latitude: number;
    longitude: number;
    city: string;
    state: string;
    country: string;
  }
  export function lookup(zip: string | number): ZipCode | undefined;
  export function lookupByName(city: string, state: string): ZipCode[];
  export function lookupByState(state: string): ZipCode[];
  export function radius(zip: string | number, miles: number, full?: boolean): string[] | ZipCode[];
  export function distance(zipA: string | number, zipB: string | number): number | null;
  const zipcodes: {
    lookup: typeof lookup;
    lookupByName: typeof lookupByName;
    lookupByState: typeof lookupByState;
    radius: typeof radius;
    distance: typeof distance;
  };
  export default zipcodes;
}
