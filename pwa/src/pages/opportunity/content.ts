// The landing page's fixed content (operator-side sections 1, 2.1 and 9).

export const RESULTS_VARY =
  'Figures are illustrative, not typical or guaranteed. Results vary with your market, effort, pricing and costs.';

export const HEADLINE_CLAIMS = [
  { value: '$4K-$10K', label: 'potential monthly income*' },
  { value: '60-75%', label: 'potential margins*' },
  { value: '30-40', label: 'parts per day from two printers*' },
] as const;

export const OFFERS = [
  {
    id: 'complete',
    name: 'Complete Package',
    price: '$2,295',
    cadence: 'plus shipping and handling',
    summary: 'Everything to open a two-printer micro-factory in your garage.',
    featured: true,
    contents: [
      '2 printers with accessories',
      'Mastery course',
      'Proven parts catalog',
      'Filament for your first 500 orders',
      'Network access with job routing and territory protection',
      'Software',
    ],
    excluded: [] as string[],
  },
  {
    id: 'network',
    name: 'Network Access',
    price: '$595',
    cadence: 'per year, or $69 per month billed quarterly',
    summary: 'Already own printers? Join the network with what you have.',
    featured: false,
    contents: [
      'Mastery course',
      'Proven parts catalog',
      'Network access with job routing and territory protection',
      'Software',
    ],
    excluded: ['No printers', 'No filament'],
  },
] as const;

export const PRODUCT_TILES = [
  { name: 'Dishwasher Wheels', range: '$12-18', icon: '🍽️' },
  { name: 'Dryer Knobs', range: '$8-15', icon: '🌀' },
  { name: 'Fridge Clips', range: '$5-10', icon: '🧊' },
  { name: 'Hot Tub Jets', range: '$20-35', icon: '♨️' },
  { name: 'Board Game Pieces', range: '$3-8', icon: '🎲' },
  { name: 'Furniture Pegs', range: '$2-5', icon: '🪑' },
  { name: 'Lens Caps', range: '$6-12', icon: '📷' },
  { name: 'Vacuum Parts', range: '$8-25', icon: '🧹' },
] as const;

export const COURSE_TOPICS = [
  {
    title: 'Printer Setup & Calibration',
    text: 'Unbox, level, tune and keep two printers producing reliable parts every day.',
  },
  {
    title: 'Materials Mastery',
    text: 'PLA, PETG, ASA and TPU: which filament survives heat, water, sun and load.',
  },
  {
    title: 'Modeling Replacement Parts',
    text: 'Measure a broken part with calipers and model a better one in free CAD tools.',
  },
  {
    title: 'Finding Profitable Parts',
    text: 'Spot the parts people search for, cannot buy, and will happily pay for.',
  },
  {
    title: 'Pricing & Selling',
    text: 'Price against the alternative, list online, and win repeat local customers.',
  },
  { title: 'Scaling Your Farm', text: 'Batching, queues, quality checks and when to add the next printer.' },
] as const;

export const WHY_JOIN = {
  dontNeed: [
    'An engineering degree',
    'A storefront or retail lease',
    'Employees',
    'Previous 3D printing experience',
  ],
  get: [
    'Two printers and everything to run them',
    'A step-by-step mastery course',
    'A proven catalog of parts that sell',
    'Jobs routed to you from the network',
    'Protected territory around your farm',
  ],
  howItWorks: [
    { step: 'Apply', text: 'Tell us about yourself and your area. We reply within 48 hours.' },
    { step: 'Set up', text: 'Receive your kit and work through the course at your own pace.' },
    { step: 'Print', text: 'Start with proven catalog parts and your first local customers.' },
    { step: 'Grow', text: 'Take network jobs in your territory and add printers as demand grows.' },
  ],
} as const;

export const TESTIMONIALS = [
  {
    quote:
      'I started with the two printers in my garage and a handful of dishwasher parts. The course got me printing good parts in the first week, and the network keeps my queue full.',
    name: 'Jenna M.',
    place: 'Boise, ID',
    detail: 'Operator since 2023',
  },
  {
    quote:
      'I already had printers, so Network Access was the obvious choice. The parts catalog alone saved me months of guessing what would sell.',
    name: 'Robert K.',
    place: 'Columbus, OH',
    detail: 'Network Access member',
  },
] as const;
