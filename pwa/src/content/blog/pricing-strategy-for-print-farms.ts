import type { BlogArticle } from './types.ts';

export const article: BlogArticle = {
  id: 'pricing-strategy-for-print-farms',
  title: 'Pricing for Profit: Why a $0.75 Part Sells for $15',
  excerpt:
    'Customers are not paying for plastic. They are paying for the appliance they do not have to replace. A practical pricing framework for small print farms.',
  author: 'Marcus Reyes',
  date: '2024-10-29',
  category: 'Strategy',
  readTime: '8 min read',
  tags: ['pricing', 'margins', 'strategy', 'catalog'],
  content: `New operators almost always underprice. They look at twenty grams of filament, see seventy-five cents, and charge three dollars. That leaves the business with nothing to pay for failed prints, packaging, time or growth.

## Price against the alternative
When a dryer knob breaks, the customer's alternatives are an OEM part that costs $25 and ships in two weeks, or a new dryer. A $12 printed knob that ships tomorrow is a bargain. Price against the alternative, not against your material cost.

## Know your real cost per part
- Filament and supports
- Machine time (wear, electricity, maintenance)
- Failure rate: if one print in ten fails, add ten percent
- Packaging and your time to pack

## Tiers that make sense
Simple clips and pegs sell at $2-10. Functional appliance parts sell at $8-25. Complex assemblies like hot tub jets can reach $20-35. Keep margins healthy across every tier; well-run farms report 60-75% margins on material and machine time, but results vary by market.

## Raise prices before you add printers
If your queue is full for a week, your prices are too low. Raise them ten percent and watch demand before you buy more machines.`,
};
