import type { BlogArticle } from './types.ts';

export const article: BlogArticle = {
  id: 'petg-vs-pla-for-replacement-parts',
  title: 'PETG vs PLA: Choosing Filament for Replacement Parts That Last',
  excerpt:
    'Dishwasher wheels and dryer knobs live hard lives. Here is how we pick between PLA, PETG and ASA so a printed part outlasts the original.',
  author: 'Dana Whitfield',
  date: '2024-11-18',
  category: 'Materials',
  readTime: '6 min read',
  tags: ['PETG', 'PLA', 'filament', 'replacement parts', 'heat resistance'],
  content: `A replacement part is only a good sale if the customer never has to buy it again. The single biggest factor in that is the material you choose.

## PLA: fast, cheap, and fine indoors
PLA prints easily, holds fine detail and costs the least per part. It is the right answer for board game pieces, furniture pegs, lens caps and anything that stays at room temperature. It softens around 55-60 °C, so keep it away from dishwashers, dryers and hot cars.

## PETG: the workhorse for appliances
PETG tolerates heat up to roughly 80 °C, shrugs off detergents and flexes a little before it breaks. That makes it our default for dishwasher wheels, fridge clips and vacuum parts. Dry it before printing: wet PETG strings and leaves weak layers.

## ASA and ABS: sun and heat
Hot tub jets and outdoor fittings see UV and hot water. ASA keeps its colour and strength in the sun; print it in an enclosure to avoid warping.

## A simple rule of thumb
- Indoors and cool: PLA
- Wet, warm or under load: PETG
- Outdoors or near 90 °C: ASA

Test every new part in the conditions it will live in before you list it in your catalog. Results vary with printer, settings and filament brand, so keep notes on what works for you.`,
};
