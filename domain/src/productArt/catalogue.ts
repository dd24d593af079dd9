// The picture of each seeded product: its shape and its material's colour. The PWA build draws one SVG
// per entry (pwa/scripts/productImages.ts) and the seed points each product's imageUrl at it.
import { slugify } from '../slug.ts';
import { drawProduct, type Look, type Shape } from './draw.ts';

/** Where the build writes the pictures, under the PWA's root. */
export const PRODUCT_IMAGE_DIR = 'images/products';

const MATERIAL_COLORS = {
  resin: '#8b95a7',
  translucent: '#4ade80',
  pla: '#ea580c',
  petg: '#0ea5e9',
  abs: '#334155',
  asa: '#e2e8f0',
  nylon: '#eae3cf',
  tpu: '#f97316',
  cfNylon: '#27272a',
} as const;
type Material = keyof typeof MATERIAL_COLORS;

const BACKDROPS = { minis: '#ddd6fe', parts: '#bfdbfe', workshop: '#fde68a' } as const;
type Backdrop = keyof typeof BACKDROPS;

const GOLD = '#eab308';
const RED = '#dc2626';
const BRASS = '#ca8a04';
const STEEL = '#94a3b8';

/** [product name, shape, material (or a painted colour), backdrop, accent?] */
const LOOKS: readonly (readonly [string, Shape, Material | `#${string}`, Backdrop, string?])[] = [
  ['Elven Ranger', 'figure', 'resin', 'minis', '#16a34a'],
  ['Dwarf Paladin', 'figure', 'resin', 'minis', GOLD],
  ['Tiefling Warlock', 'caster', 'resin', 'minis', '#a855f7'],
  ['Halfling Rogue', 'figure', 'resin', 'minis', STEEL],
  ['Ancient Red Dragon', 'dragon', '#b91c1c', 'minis', GOLD],
  ['Beholder', 'eye', 'resin', 'minis', RED],
  ['Owlbear', 'beast', 'resin', 'minis', GOLD],
  ['Gelatinous Cube', 'cube', 'translucent', 'minis'],
  ['Goblin Warband (10)', 'squad', 'resin', 'minis', '#65a30d'],
  ['Skeleton Legion (12)', 'squad', 'resin', 'minis', '#f5f5f4'],
  ['Orc Shield Wall (6)', 'squad', 'resin', 'minis', RED],
  ['Ruined Watchtower', 'tower', 'pla', 'minis'],
  ['Dungeon Tiles Starter Set', 'tiles', 'pla', 'minis'],
  ['Treasure Chest Set', 'chest', 'resin', 'minis', GOLD],
  ['Dishwasher Lower Rack Wheel (4-pack)', 'wheel', 'petg', 'parts', STEEL],
  ['Dishwasher Upper Rack Adjuster', 'rail', 'asa', 'parts', STEEL],
  ['Dryer Timer Knob', 'knob', 'abs', 'parts', '#f8fafc'],
  ['Washer Lid Switch Actuator', 'clip', 'nylon', 'parts', STEEL],
  ['Refrigerator Door Shelf Clip', 'clip', 'petg', 'parts', '#f8fafc'],
  ['Crisper Drawer Slide Rail', 'rail', 'petg', 'parts', '#f8fafc'],
  ['Freezer Ice Maker Auger Coupler', 'tube', 'nylon', 'parts'],
  ['HVAC Damper Blade Bushing (10-pack)', 'bushings', 'nylon', 'parts'],
  ['Thermostat Wall Plate', 'plate', 'pla', 'parts'],
  ['Condensate Drain Trap', 'trap', 'petg', 'parts'],
  ['Hot Tub Jet Eyeball', 'jet', 'asa', 'parts', STEEL],
  ['Spa Cover Clip Latch', 'clip', 'asa', 'parts', STEEL],
  ['Vacuum Brush Roll End Cap', 'wheel', 'nylon', 'parts', STEEL],
  ['Canister Vacuum Hose Cuff', 'tube', 'tpu', 'parts'],
  ['Pocket Hole Jig', 'jig', 'cfNylon', 'workshop', STEEL],
  ['Dowel Centering Jig', 'jig', 'petg', 'workshop', BRASS],
  ['Track Saw Square', 'square', 'cfNylon', 'workshop', '#f8fafc'],
  ['Corner Clamp Set (4)', 'clamp', 'petg', 'workshop', BRASS],
  ['Bar Clamp Pads (8)', 'pads', 'tpu', 'workshop'],
  ['Router Bit Organizer', 'organizer', 'pla', 'workshop', STEEL],
  ['Drill Bit Index Case', 'organizer', 'petg', 'workshop', STEEL],
  ['French Cleat Tool Holders (6)', 'organizer', 'petg', 'workshop', RED],
  ['Marking Gauge', 'gauge', 'cfNylon', 'workshop', BRASS],
  ['Center Finder', 'square', 'pla', 'workshop', '#0f172a'],
  ['Shop Vac Dust Port Adapter', 'tube', 'petg', 'workshop'],
  ['Cyclone Separator Lid', 'lid', 'petg', 'workshop'],
];

const lookByName = new Map<string, Look>(
  LOOKS.map(([name, shape, material, backdrop, accent]) => [
    name,
    {
      shape,
      color: material.startsWith('#') ? material : MATERIAL_COLORS[material as Material],
      backdrop: BACKDROPS[backdrop],
      ...(accent ? { accent } : {}),
    },
  ]),
);

/** The names of every product that has a picture. */
export const PICTURED_PRODUCTS: readonly string[] = LOOKS.map(([name]) => name);

/** '/images/products/dryer-timer-knob.svg' for a pictured product; null for any other. */
export function productImagePath(name: string): string | null {
  return lookByName.has(name) ? `/${PRODUCT_IMAGE_DIR}/${slugify(name)}.svg` : null;
}

/** The SVG of a pictured product; null for any other. */
export function productImageSvg(name: string): string | null {
  const look = lookByName.get(name);
  return look ? drawProduct(look, name) : null;
}
