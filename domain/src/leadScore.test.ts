import { describe, expect, it } from 'vitest';
import { leadScore, territoryPoints } from './leadScore.ts';

describe('leadScore', () => {
  it('gives the most to an experienced prospect investing now in open territory', () => {
    expect(leadScore({ investment: 'immediate', experience: 'intermediate', farmsWithin100Miles: 0 })).toBe(
      100,
    );
  });

  it('ranks investment timelines immediate > 30 days > 60 days > considering', () => {
    const score = (investment: string) =>
      leadScore({ investment, experience: 'beginner', farmsWithin100Miles: 3 });
    expect(score('immediate')).toBeGreaterThan(score('30days'));
    expect(score('30days')).toBeGreaterThan(score('60days'));
    expect(score('60days')).toBeGreaterThan(score('considering'));
  });

  it('scores crowded territory lower than open territory', () => {
    expect(territoryPoints(0)).toBeGreaterThan(territoryPoints(2));
    expect(territoryPoints(2)).toBeGreaterThan(territoryPoints(5));
    expect(territoryPoints(5)).toBeGreaterThan(territoryPoints(20));
  });

  it('stays within 0..100 when nothing was answered', () => {
    const score = leadScore({ investment: null, experience: null, farmsWithin100Miles: null });
    expect(score).toBeGreaterThanOrEqual(0);
    expect(score).toBeLessThan(30);
  });
});
