// The three fixed storefronts (/miniature-masters, /precision-parts, /makers-workshop) with believable
// catalogues. Idempotent by storeName: an existing store keeps its products and settings.
import type { PrismaClient } from '@printfarm/db';
import { productImagePath } from '@printfarm/domain/productArt/catalogue';

/** [name, description, price, stock, material, print minutes, category, tags] */
type SeedProduct = readonly [string, string, string, number, string, number, string, readonly string[]];

interface SeedStore {
  storeName: string;
  displayName: string;
  description: string;
  /** The store's own shipping rules, as its storefront advertises them; absent: the network's table. */
  shipping?: { fees: Partial<Record<'standard' | 'expedited' | 'overnight', string>>; freeOver: string };
  products: readonly SeedProduct[];
}

export const FIXED_STORES: readonly SeedStore[] = [
  {
    storeName: 'miniature-masters',
    displayName: 'Miniature Masters',
    description:
      'Hand-finished tabletop miniatures printed in 8K resin: heroes, monsters, troops and terrain for your next campaign.',
    // 'Flat $4.99, free over $50'
    shipping: { fees: { standard: '4.99', expedited: '9.99', overnight: '24.99' }, freeOver: '50.00' },
    products: [
      [
        'Elven Ranger',
        'A 32 mm ranger mid-draw on a rocky base, cloak and fletching in crisp detail.',
        '8.99',
        24,
        'Resin',
        95,
        'Heroes',
        ['fantasy', 'ranger', '32mm', 'elf'],
      ],
      [
        'Dwarf Paladin',
        'Shield raised and hammer ready; supplied with two head options.',
        '9.49',
        18,
        'Resin',
        110,
        'Heroes',
        ['fantasy', 'dwarf', '32mm'],
      ],
      [
        'Tiefling Warlock',
        'Casting pose with a swirling spell effect, pre-supported.',
        '8.49',
        4,
        'Resin',
        100,
        'Heroes',
        ['fantasy', 'caster', '32mm'],
      ],
      [
        'Halfling Rogue',
        'Crouched on a barrel with twin daggers; small but full of character.',
        '6.99',
        30,
        'Resin',
        70,
        'Heroes',
        ['fantasy', 'rogue', '28mm'],
      ],
      [
        'Ancient Red Dragon',
        'Huge-size dragon in five parts with magnets for the wings.',
        '64.00',
        3,
        'Resin',
        960,
        'Monsters',
        ['dragon', 'huge', 'centerpiece', 'magnetised'],
      ],
      [
        'Beholder',
        'Floating eye tyrant on a clear acrylic rod, eyestalks printed separately.',
        '24.99',
        6,
        'Resin',
        320,
        'Monsters',
        ['aberration', 'large'],
      ],
      [
        'Owlbear',
        'Rearing owlbear, large base; a table favourite.',
        '18.50',
        1,
        'Resin',
        260,
        'Monsters',
        ['beast', 'large'],
      ],
      [
        'Gelatinous Cube',
        'Printed in translucent green resin with a skeleton suspended inside.',
        '21.00',
        0,
        'Translucent Resin',
        280,
        'Monsters',
        ['ooze', 'large', 'translucent'],
      ],
      [
        'Goblin Warband (10)',
        'Ten goblins in five poses: spears, bows and a shaman.',
        '22.00',
        15,
        'Resin',
        240,
        'Troops',
        ['goblin', 'warband', 'bundle'],
      ],
      [
        'Skeleton Legion (12)',
        'Twelve skeletons with shields and swords, ready for rank bases.',
        '26.00',
        12,
        'Resin',
        300,
        'Troops',
        ['undead', 'bundle', 'rank-and-file'],
      ],
      [
        'Orc Shield Wall (6)',
        'Six heavy orcs locking shields; pairs with the warband.',
        '19.50',
        9,
        'Resin',
        210,
        'Troops',
        ['orc', 'bundle'],
      ],
      [
        'Ruined Watchtower',
        'Modular three-storey ruin with removable floors for line of sight.',
        '34.00',
        5,
        'PLA',
        720,
        'Terrain',
        ['terrain', 'modular', 'ruins'],
      ],
      [
        'Dungeon Tiles Starter Set',
        'Twenty 2x2 inch interlocking floor tiles with flagstone texture.',
        '29.00',
        20,
        'PLA',
        600,
        'Terrain',
        ['terrain', 'dungeon', 'tiles'],
      ],
      [
        'Treasure Chest Set',
        'Four chests, one a mimic with a tongue insert.',
        '7.50',
        40,
        'Resin',
        80,
        'Terrain',
        ['scatter', 'treasure', 'mimic'],
      ],
    ],
  },
  {
    storeName: 'precision-parts',
    displayName: 'Precision Parts Co.',
    description:
      'Replacement appliance and HVAC parts printed to OEM dimensions in heat- and chemical-resistant engineering plastics.',
    products: [
      [
        'Dishwasher Lower Rack Wheel (4-pack)',
        'Fits most Whirlpool, KitchenAid and Kenmore lower racks. Snap-on axle clip.',
        '14.99',
        40,
        'PETG',
        55,
        'Dishwasher',
        ['dishwasher', 'wheel', 'rack', 'whirlpool'],
      ],
      [
        'Dishwasher Upper Rack Adjuster',
        'Left or right adjuster with positioner; stops the rack from dropping.',
        '16.50',
        12,
        'ASA',
        70,
        'Dishwasher',
        ['dishwasher', 'rack', 'adjuster'],
      ],
      [
        'Dryer Timer Knob',
        'D-shaft knob with pointer, matches GE and Hotpoint dryers.',
        '9.99',
        25,
        'ABS',
        45,
        'Laundry',
        ['dryer', 'knob', 'ge'],
      ],
      [
        'Washer Lid Switch Actuator',
        'Replaces the cracked strike on top-load washer lids.',
        '8.49',
        3,
        'Nylon',
        30,
        'Laundry',
        ['washer', 'switch', 'lid'],
      ],
      [
        'Refrigerator Door Shelf Clip',
        'Retaining clip for door bins; sold in pairs.',
        '6.99',
        60,
        'PETG',
        25,
        'Refrigerator',
        ['fridge', 'clip', 'door', 'bin'],
      ],
      [
        'Crisper Drawer Slide Rail',
        'Left-hand slide rail for Frigidaire crisper drawers.',
        '12.99',
        2,
        'PETG',
        90,
        'Refrigerator',
        ['fridge', 'drawer', 'rail', 'frigidaire'],
      ],
      [
        'Freezer Ice Maker Auger Coupler',
        'Drive coupler for side-by-side ice dispensers.',
        '11.50',
        0,
        'Nylon',
        60,
        'Refrigerator',
        ['freezer', 'ice maker', 'coupler'],
      ],
      [
        'HVAC Damper Blade Bushing (10-pack)',
        'Low-friction bushings for round duct dampers, 6 to 10 inch.',
        '13.00',
        35,
        'Nylon',
        80,
        'HVAC',
        ['hvac', 'damper', 'bushing', 'duct'],
      ],
      [
        'Thermostat Wall Plate',
        'Covers old paint lines when upgrading to a smart thermostat.',
        '10.99',
        22,
        'PLA',
        75,
        'HVAC',
        ['hvac', 'thermostat', 'trim'],
      ],
      [
        'Condensate Drain Trap',
        'Clear-view P-trap for furnace and AC condensate lines, 3/4 inch.',
        '15.99',
        14,
        'PETG',
        120,
        'HVAC',
        ['hvac', 'condensate', 'drain'],
      ],
      [
        'Hot Tub Jet Eyeball',
        'Directional jet insert, 2 inch, replaces the common Waterway style.',
        '24.99',
        5,
        'ASA',
        110,
        'Hot Tub & Spa',
        ['hot tub', 'spa', 'jet'],
      ],
      [
        'Spa Cover Clip Latch',
        'UV-stable latch with keyed lock for spa covers.',
        '12.00',
        18,
        'ASA',
        65,
        'Hot Tub & Spa',
        ['hot tub', 'spa', 'cover', 'latch'],
      ],
      [
        'Vacuum Brush Roll End Cap',
        'End cap with bearing seat for upright vacuum brush rolls.',
        '8.99',
        28,
        'Nylon',
        40,
        'Vacuum',
        ['vacuum', 'brush roll', 'cap'],
      ],
      [
        'Canister Vacuum Hose Cuff',
        'Twist-lock cuff that mends split hose ends.',
        '11.99',
        9,
        'TPU',
        85,
        'Vacuum',
        ['vacuum', 'hose', 'cuff'],
      ],
    ],
  },
  {
    storeName: 'makers-workshop',
    displayName: "The Maker's Workshop",
    description:
      'Jigs, clamps and organisers for wood and metal shops, printed tough in PETG and carbon-fibre nylon. Custom orders welcome.',
    // 'Flat $5, free over $75'
    shipping: { fees: { standard: '5.00', expedited: '14.99' }, freeOver: '75.00' },
    products: [
      [
        'Pocket Hole Jig',
        'Drill guide for 3/4 inch stock with hardened steel bushing inserts.',
        '29.99',
        12,
        'CF Nylon',
        240,
        'Jigs & Guides',
        ['woodworking', 'jig', 'joinery'],
      ],
      [
        'Dowel Centering Jig',
        'Self-centering dowel guide for 6, 8 and 10 mm dowels.',
        '19.99',
        8,
        'PETG',
        180,
        'Jigs & Guides',
        ['woodworking', 'dowel', 'jig'],
      ],
      [
        'Track Saw Square',
        'Snaps to common track saw rails for repeatable 90 degree cuts.',
        '34.50',
        4,
        'CF Nylon',
        300,
        'Jigs & Guides',
        ['track saw', 'square', 'cutting'],
      ],
      [
        'Corner Clamp Set (4)',
        '90 degree corner clamps for box and frame glue-ups.',
        '22.00',
        20,
        'PETG',
        210,
        'Clamps',
        ['clamp', 'glue-up', 'corner'],
      ],
      [
        'Bar Clamp Pads (8)',
        'Soft pads that protect work from bar clamp jaws.',
        '9.99',
        50,
        'TPU',
        90,
        'Clamps',
        ['clamp', 'pads', 'protection'],
      ],
      [
        'Router Bit Organizer',
        'Holds 24 bits with 1/4 and 1/2 inch shanks, wall mountable.',
        '17.99',
        15,
        'PLA',
        260,
        'Storage',
        ['router', 'storage', 'organizer'],
      ],
      [
        'Drill Bit Index Case',
        'Hinged case for 29 jobber bits, sizes embossed.',
        '21.50',
        3,
        'PETG',
        280,
        'Storage',
        ['drill', 'storage', 'bits'],
      ],
      [
        'French Cleat Tool Holders (6)',
        'Six holders for screwdrivers, pliers and chisels on a French cleat wall.',
        '24.00',
        10,
        'PETG',
        320,
        'Storage',
        ['french cleat', 'wall', 'storage'],
      ],
      [
        'Marking Gauge',
        'Wheel marking gauge with brass-insert lock knob.',
        '16.00',
        7,
        'CF Nylon',
        150,
        'Measuring',
        ['measuring', 'marking', 'layout'],
      ],
      [
        'Center Finder',
        'Finds the centre of round stock from 10 to 150 mm.',
        '8.50',
        0,
        'PLA',
        60,
        'Measuring',
        ['measuring', 'lathe', 'layout'],
      ],
      [
        'Shop Vac Dust Port Adapter',
        'Stepped adapter from 2.5 inch hose to 1.25 to 2 inch tool ports.',
        '12.99',
        30,
        'PETG',
        120,
        'Dust Collection',
        ['dust', 'shop vac', 'adapter'],
      ],
      [
        'Cyclone Separator Lid',
        'Fits a 5 gallon bucket; keeps 99% of chips out of your vacuum.',
        '27.00',
        1,
        'PETG',
        420,
        'Dust Collection',
        ['dust', 'cyclone', 'bucket'],
      ],
    ],
  },
];

export interface SeedStoresOptions {
  /** The user who owns the three stores (the demo operator in development). */
  ownerId: string;
  /** Operators who may also be given stores later; accepted for the lead's seed and not used yet. */
  operatorIds?: readonly string[];
}

/** Creates each fixed store that does not exist yet, with its products; returns the three store ids. */
export async function seedStores(prisma: PrismaClient, { ownerId }: SeedStoresOptions): Promise<string[]> {
  const ids: string[] = [];
  for (const seed of FIXED_STORES) {
    const existing = await prisma.store.findUnique({
      where: { storeName: seed.storeName },
      select: { id: true },
    });
    if (existing) {
      ids.push(existing.id);
      continue;
    }
    const store = await prisma.store.create({
      data: {
        userId: ownerId,
        storeName: seed.storeName,
        displayName: seed.displayName,
        description: seed.description,
        ...(seed.shipping
          ? {
              freeShippingOver: seed.shipping.freeOver,
              shippingMethods: {
                create: Object.entries(seed.shipping.fees).map(([method, fee]) => ({ method, fee })),
              },
            }
          : {}),
        products: {
          create: seed.products.map(
            ([name, description, price, stockQuantity, materialType, printTime, category, tags]) => ({
              name,
              description,
              price,
              stockQuantity,
              materialType,
              printTime,
              category,
              tags: [...tags],
              imageUrl: productImagePath(name),
            }),
          ),
        },
      },
      select: { id: true },
    });
    ids.push(store.id);
  }
  return ids;
}
