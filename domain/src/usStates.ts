/** The 50 US states offered in every form, as [code, name] pairs in alphabetical order of code. */
export const US_STATES = [
  ['AK', 'Alaska'],
  ['AL', 'Alabama'],
  ['AR', 'Arkansas'],
  ['AZ', 'Arizona'],
  ['CA', 'California'],
  ['CO', 'Colorado'],
  ['CT', 'Connecticut'],
  ['DE', 'Delaware'],
  ['FL', 'Florida'],
  ['GA', 'Georgia'],
  ['HI', 'Hawaii'],
  ['IA', 'Iowa'],
  ['ID', 'Idaho'],
  ['IL', 'Illinois'],
  ['IN', 'Indiana'],
  ['KS', 'Kansas'],
  ['KY', 'Kentucky'],
  ['LA', 'Louisiana'],
  ['MA', 'Massachusetts'],
  ['MD', 'Maryland'],
  ['ME', 'Maine'],
  ['MI', 'Michigan'],
  ['MN', 'Minnesota'],
  ['MO', 'Missouri'],
  ['MS', 'Mississippi'],
  ['MT', 'Montana'],
  ['NC', 'North Carolina'],
  ['ND', 'North Dakota'],
  ['NE', 'Nebraska'],
  ['NH', 'New Hampshire'],
  ['NJ', 'New Jersey'],
  ['NM', 'New Mexico'],
  ['NV', 'Nevada'],
  ['NY', 'New York'],
  ['OH', 'Ohio'],
  ['OK', 'Oklahoma'],
  ['OR', 'Oregon'],
  ['PA', 'Pennsylvania'],
  ['RI', 'Rhode Island'],
  ['SC', 'South Carolina'],
  ['SD', 'South Dakota'],
  ['TN', 'Tennessee'],
  ['TX', 'Texas'],
  ['UT', 'Utah'],
  ['VA', 'Virginia'],
  ['VT', 'Vermont'],
  ['WA', 'Washington'],
  ['WI', 'Wisconsin'],
  ['WV', 'West Virginia'],
  ['WY', 'Wyoming'],
] as const;

export type UsState = (typeof US_STATES)[number];
export type UsStateCode = UsState[0];
export type UsStateName = UsState[1];

export const US_STATE_CODES: readonly UsStateCode[] = US_STATES.map(([code]) => code);

const namesByCode = new Map<string, UsStateName>(US_STATES);

export function isUsStateCode(value: unknown): value is UsStateCode {
  return typeof value === 'string' && namesByCode.has(value);
}

/** The state's full name, e.g. 'TX' → 'Texas'; undefined for anything that is not one of the 50 codes. */
export function usStateName(code: string): UsStateName | undefined {
  return namesByCode.get(code.trim().toUpperCase());
}

/** Accepts a code or a full name in any case ('tx', 'Texas') and returns the code, or undefined. */
export function toUsStateCode(value: string): UsStateCode | undefined {
  const wanted = value.trim().toUpperCase();
  const match = US_STATES.find(([code, name]) => code === wanted || name.toUpperCase() === wanted);
  return match?.[0];
}
