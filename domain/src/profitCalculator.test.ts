import { describe, expect, it } from 'vitest';
import {
  BUSINESS_MODEL_IDS,
  BUSINESS_MODELS,
  calculateProfit,
  DEFAULT_MODEL,
  projectProfit,
  RAMP_UP_FACTORS,
} from './profitCalculator.ts';

// Every expectation below is worked out by hand from the spec table: 30-day months, startup cost 4795,
// ramp-up 15/30/50/70/85/100 % of full-capacity sales, sales rounded to whole orders (half up).

describe('business models', () => {
  it('lists the seven models with a 4795 startup cost', () => {
    expect(BUSINESS_MODEL_IDS).toEqual([
      'cookie-cutters',
      'replacement-parts',
      'board-game-accessories',
      'tabletop-miniatures',
      'niche-tools',
      'camera-accessories',
      'all-combined',
    ]);
    for (const id of BUSINESS_MODEL_IDS) expect(BUSINESS_MODELS[id].startupCost).toBe(4795);
    expect(DEFAULT_MODEL).toBe('replacement-parts');
  });

  it('makes all-combined the sum of the six daily orders', () => {
    expect(8 + 12 + 5 + 10 + 3 + 10).toBe(BUSINESS_MODELS['all-combined'].avgDailyOrders);
  });

  it('ramps up over six months and then runs at full capacity', () => {
    expect(RAMP_UP_FACTORS).toEqual([0.15, 0.3, 0.5, 0.7, 0.85, 1, 1, 1, 1, 1, 1, 1]);
  });
});

describe('calculateProfit', () => {
  it('replacement-parts: 12/day at $15 with $0.75 material', () => {
    const projection = calculateProfit('replacement-parts');
    // 12 × 30 = 360 sales; 360 × 15 = 5400; 360 × 0.75 = 270; 5400 − 270 = 5130.
    expect(projection).toMatchObject({
      monthlySales: 360,
      monthlyRevenue: 5400,
      monthlyMaterialCost: 270,
      monthlyProfit: 5130,
    });
    // Month 1: 360 × 0.15 = 54 sales, revenue 54 × 15 = 810, profit 54 × 14.25 = 769.50.
    expect(projection.timeline[0]).toEqual({
      month: 1,
      factor: 0.15,
      sales: 54,
      revenue: 810,
      profit: 769.5,
      cumulativeProfit: 769.5,
    });
    // Month 2: 108 × 14.25 = 1539 → 2308.50; month 3: 180 × 14.25 = 2565 → 4873.50 ≥ 4795.
    expect(projection.timeline[1]?.cumulativeProfit).toBe(2308.5);
    expect(projection.timeline[2]?.cumulativeProfit).toBe(4873.5);
    expect(projection.breakEvenMonth).toBe(3);
  });

  it('cookie-cutters: 8/day at $7 with $0.20 material', () => {
    const projection = calculateProfit('cookie-cutters');
    // 240 sales; revenue 1680; material 48; profit 1632; 6.80 per sale.
    expect(projection).toMatchObject({
      monthlySales: 240,
      monthlyRevenue: 1680,
      monthlyMaterialCost: 48,
      monthlyProfit: 1632,
    });
    // Sales 36, 72, 120, 168, 204, 240 → profit 244.80, 489.60, 816, 1142.40, 1387.20, 1632
    // cumulative 244.80, 734.40, 1550.40, 2692.80, 4080, 5712: month 6 is the first ≥ 4795.
    expect(projection.timeline.slice(0, 6).map((m) => m.sales)).toEqual([36, 72, 120, 168, 204, 240]);
    expect(projection.timeline[4]?.cumulativeProfit).toBe(4080);
    expect(projection.timeline[5]?.cumulativeProfit).toBe(5712);
    expect(projection.breakEvenMonth).toBe(6);
  });

  it('board-game-accessories: 5/day at $15 with $1.20 material', () => {
    const projection = calculateProfit('board-game-accessories');
    // 150 sales; revenue 2250; material 180; profit 2070; 13.80 per sale.
    expect(projection).toMatchObject({
      monthlySales: 150,
      monthlyRevenue: 2250,
      monthlyMaterialCost: 180,
      monthlyProfit: 2070,
    });
    // Sales 22.5 → 23, 45, 75, 105, 127.5 → 128 → profit 317.40, 621, 1035, 1449, 1766.40
    // cumulative 317.40, 938.40, 1973.40, 3422.40, 5188.80: month 5.
    expect(projection.timeline.slice(0, 5).map((m) => m.sales)).toEqual([23, 45, 75, 105, 128]);
    expect(projection.timeline[3]?.cumulativeProfit).toBe(3422.4);
    expect(projection.timeline[4]?.cumulativeProfit).toBe(5188.8);
    expect(projection.breakEvenMonth).toBe(5);
  });

  it('tabletop-miniatures: 10/day at $10 with $0.50 material', () => {
    const projection = calculateProfit('tabletop-miniatures');
    // 300 sales; revenue 3000; material 150; profit 2850; 9.50 per sale.
    expect(projection).toMatchObject({
      monthlySales: 300,
      monthlyRevenue: 3000,
      monthlyMaterialCost: 150,
      monthlyProfit: 2850,
    });
    // Sales 45, 90, 150, 210, 255 → profit 427.50, 855, 1425, 1995, 2422.50
    // cumulative 427.50, 1282.50, 2707.50, 4702.50, 7125: month 5 (4702.50 is still short by 92.50).
    expect(projection.timeline[3]?.cumulativeProfit).toBe(4702.5);
    expect(projection.timeline[4]?.cumulativeProfit).toBe(7125);
    expect(projection.breakEvenMonth).toBe(5);
  });

  it('niche-tools: 3/day at $25 with $2 material', () => {
    const projection = calculateProfit('niche-tools');
    // 90 sales; revenue 2250; material 180; profit 2070; 23 per sale.
    expect(projection).toMatchObject({
      monthlySales: 90,
      monthlyRevenue: 2250,
      monthlyMaterialCost: 180,
      monthlyProfit: 2070,
    });
    // Sales 13.5 → 14, 27, 45, 63, 76.5 → 77 → profit 322, 621, 1035, 1449, 1771
    // cumulative 322, 943, 1978, 3427, 5198: month 5.
    expect(projection.timeline.slice(0, 5).map((m) => m.sales)).toEqual([14, 27, 45, 63, 77]);
    expect(projection.timeline[3]?.cumulativeProfit).toBe(3427);
    expect(projection.timeline[4]?.cumulativeProfit).toBe(5198);
    expect(projection.breakEvenMonth).toBe(5);
  });

  it('camera-accessories: 10/day at $9 with $0.30 material', () => {
    const projection = calculateProfit('camera-accessories');
    // 300 sales; revenue 2700; material 90; profit 2610; 8.70 per sale.
    expect(projection).toMatchObject({
      monthlySales: 300,
      monthlyRevenue: 2700,
      monthlyMaterialCost: 90,
      monthlyProfit: 2610,
    });
    // Sales 45, 90, 150, 210, 255 → profit 391.50, 783, 1305, 1827, 2218.50
    // cumulative 391.50, 1174.50, 2479.50, 4306.50, 6525: month 5.
    expect(projection.timeline[3]?.cumulativeProfit).toBe(4306.5);
    expect(projection.timeline[4]?.cumulativeProfit).toBe(6525);
    expect(projection.breakEvenMonth).toBe(5);
  });

  it('all-combined: 48/day at $13.35 with $0.83 material', () => {
    const projection = calculateProfit('all-combined');
    // 1440 sales; revenue 1440 × 13.35 = 19224; material 1440 × 0.83 = 1195.20; profit 18028.80; 12.52 per sale.
    expect(projection).toMatchObject({
      monthlySales: 1440,
      monthlyRevenue: 19224,
      monthlyMaterialCost: 1195.2,
      monthlyProfit: 18028.8,
    });
    // Sales 216, 432 → profit 2704.32, 5408.64 → cumulative 2704.32, 8112.96: month 2.
    expect(projection.timeline[0]?.profit).toBe(2704.32);
    expect(projection.timeline[1]?.cumulativeProfit).toBe(8112.96);
    expect(projection.breakEvenMonth).toBe(2);
  });

  it('always projects twelve months, ending at full capacity', () => {
    for (const id of BUSINESS_MODEL_IDS) {
      const { timeline, monthlySales, monthlyProfit } = calculateProfit(id);
      expect(timeline.map((m) => m.month)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
      expect(timeline[11]).toMatchObject({ factor: 1, sales: monthlySales, profit: monthlyProfit });
    }
  });

  it('reports month 12 when the startup cost is never earned back', () => {
    // 1/day at $2 with $1 material: 30 sales and $30 a month at most, far below 4795 in a year.
    const slow = {
      name: 'Slow',
      description: '',
      startupCost: 4795,
      materialCost: 1,
      salePrice: 2,
      avgDailyOrders: 1,
    };
    const projection = projectProfit(slow);
    // Sales 4.5 → 5, 9, 15, 21, 25.5 → 26, then 30 for six months: 5 + 9 + 15 + 21 + 26 + 7 × 30 = 286.
    expect(projection.timeline[11]?.cumulativeProfit).toBe(286);
    expect(projection.breakEvenMonth).toBe(12);
  });
});
