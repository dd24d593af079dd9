// How promising an operator prospect looks to staff, 0 to 100: ready money first, then know-how, then
// how much open territory surrounds them (fewer farms nearby means more work for a new one).
import type { ExperienceLevel, InvestmentTimeline } from './application.ts';

const INVESTMENT_POINTS: Record<InvestmentTimeline, number> = {
  immediate: 50,
  '30days': 35,
  '60days': 20,
  considering: 10,
};
const NO_INVESTMENT_ANSWER = 5;

const EXPERIENCE_POINTS: Record<ExperienceLevel, number> = {
  intermediate: 25,
  beginner: 15,
  none: 5,
};
const NO_EXPERIENCE_ANSWER = 0;

/** Points for open territory by the number of active farms within 100 miles. */
export function territoryPoints(farmsWithin100Miles: number | null): number {
  if (farmsWithin100Miles === null) return 10; // location unknown: neither crowded nor proven open
  if (farmsWithin100Miles === 0) return 25;
  if (farmsWithin100Miles <= 2) return 15;
  if (farmsWithin100Miles <= 5) return 8;
  return 0;
}

export interface LeadFacts {
  investment: string | null;
  experience: string | null;
  farmsWithin100Miles: number | null;
}

const isKeyOf = <T extends object>(table: T, key: string | null): key is Extract<keyof T, string> =>
  key !== null && Object.hasOwn(table, key);

export function leadScore({ investment, experience, farmsWithin100Miles }: LeadFacts): number {
  const money = isKeyOf(INVESTMENT_POINTS, investment) ? INVESTMENT_POINTS[investment] : NO_INVESTMENT_ANSWER;
  const skill = isKeyOf(EXPERIENCE_POINTS, experience) ? EXPERIENCE_POINTS[experience] : NO_EXPERIENCE_ANSWER;
  return Math.max(0, Math.min(100, money + skill + territoryPoints(farmsWithin100Miles)));
}
