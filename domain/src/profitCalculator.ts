// The operator landing page's profit calculator (operator-side section 9).

export const STARTUP_COST = 4795;
export const DAYS_PER_MONTH = 30;
export const TIMELINE_MONTHS = 12;

/** Share of full capacity reached in months 1 to 6, in percent; month 7 onwards runs at 100. */
const RAMP_UP_PERCENT = [15, 30, 50, 70, 85, 100] as const;

export const RAMP_UP_FACTORS: readonly number[] = Array.from(
  { length: TIMELINE_MONTHS },
  (_, i) => rampUpPercent(i + 1) / 100,
);

function rampUpPercent(month: number): number {
  return RAMP_UP_PERCENT[month - 1] ?? 100;
}

export type BusinessModel = {
  name: string;
  description: string;
  startupCost: number;
  materialCost: number;
  salePrice: number;
  avgDailyOrders: number;
};

export const BUSINESS_MODELS = {
  'cookie-cutters': {
    name: 'Cookie Cutters',
    description: 'Custom-shaped cookie cutters for bakers, holidays and events.',
    startupCost: STARTUP_COST,
    materialCost: 0.2,
    salePrice: 7,
    avgDailyOrders: 8,
  },
  'replacement-parts': {
    name: 'Replacement Parts',
    description: 'Appliance knobs, clips and wheels that are hard to buy new.',
    startupCost: STARTUP_COST,
    materialCost: 0.75,
    salePrice: 15,
    avgDailyOrders: 12,
  },
  'board-game-accessories': {
    name: 'Board Game Accessories',
    description: 'Inserts, organisers and replacement pieces for tabletop games.',
    startupCost: STARTUP_COST,
    materialCost: 1.2,
    salePrice: 15,
    avgDailyOrders: 5,
  },
  'tabletop-miniatures': {
    name: 'Tabletop Miniatures',
    description: 'Heroes, monsters and terrain for role-playing and war games.',
    startupCost: STARTUP_COST,
    materialCost: 0.5,
    salePrice: 10,
    avgDailyOrders: 10,
  },
  'niche-tools': {
    name: 'Niche Tools',
    description: 'Jigs, gauges and holders for trades and hobbies.',
    startupCost: STARTUP_COST,
    materialCost: 2,
    salePrice: 25,
    avgDailyOrders: 3,
  },
  'camera-accessories': {
    name: 'Camera Accessories',
    description: 'Lens caps, mounts and cable clips for photographers.',
    startupCost: STARTUP_COST,
    materialCost: 0.3,
    salePrice: 9,
    avgDailyOrders: 10,
  },
  'all-combined': {
    name: 'All Combined',
    description: 'Every product line above, run side by side.',
    startupCost: STARTUP_COST,
    materialCost: 0.83,
    salePrice: 13.35,
    avgDailyOrders: 48,
  },
} as const satisfies Record<string, BusinessModel>;

export type BusinessModelId = keyof typeof BUSINESS_MODELS;
export const BUSINESS_MODEL_IDS = Object.keys(BUSINESS_MODELS) as BusinessModelId[];
export const DEFAULT_MODEL: BusinessModelId = 'replacement-parts';

export type TimelineMonth = {
  month: number;
  factor: number;
  sales: number;
  revenue: number;
  profit: number;
  cumulativeProfit: number;
};

export type ProfitProjection = {
  monthlySales: number;
  monthlyRevenue: number;
  monthlyMaterialCost: number;
  /** Before labour and shipping, at full capacity. */
  monthlyProfit: number;
  breakEvenMonth: number;
  timeline: TimelineMonth[];
};

const toCents = (dollars: number) => Math.round(dollars * 100);
const toDollars = (cents: number) => cents / 100;

/** The projection for one of the seven models. */
export function calculateProfit(modelId: BusinessModelId): ProfitProjection {
  return projectProfit(BUSINESS_MODELS[modelId]);
}

/** Monthly figures at full capacity and a 12-month ramp-up timeline; sums run in cents to stay exact. */
export function projectProfit(model: BusinessModel): ProfitProjection {
  const priceCents = toCents(model.salePrice);
  const materialCents = toCents(model.materialCost);
  const monthlySales = model.avgDailyOrders * DAYS_PER_MONTH;

  let cumulativeCents = 0;
  let breakEvenMonth: number | undefined;
  const timeline: TimelineMonth[] = [];
  for (let month = 1; month <= TIMELINE_MONTHS; month++) {
    const percent = rampUpPercent(month);
    // Whole sales only: half an order is rounded up, as a shop would count it.
    const sales = Math.round((monthlySales * percent) / 100);
    const profitCents = sales * (priceCents - materialCents);
    cumulativeCents += profitCents;
    if (breakEvenMonth === undefined && cumulativeCents >= toCents(model.startupCost)) breakEvenMonth = month;
    timeline.push({
      month,
      factor: percent / 100,
      sales,
      revenue: toDollars(sales * priceCents),
      profit: toDollars(profitCents),
      cumulativeProfit: toDollars(cumulativeCents),
    });
  }

  return {
    monthlySales,
    monthlyRevenue: toDollars(monthlySales * priceCents),
    monthlyMaterialCost: toDollars(monthlySales * materialCents),
    monthlyProfit: toDollars(monthlySales * (priceCents - materialCents)),
    breakEvenMonth: breakEvenMonth ?? TIMELINE_MONTHS,
    timeline,
  };
}
