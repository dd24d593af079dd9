// The four exclusive branded products on the landing page, each with its own drawn illustration.
import type { ReactNode } from 'react';

export type ProductStatus = 'Available' | 'Coming Soon';

export interface ExclusiveProduct {
  name: string;
  location: string;
  tagline: string;
  specialties: readonly string[];
  turnaround: string;
  status: ProductStatus;
  /** An outside site, opened in a new tab; without one the card asks for a quote. */
  externalUrl?: string;
  image: ReactNode;
}

const PlanterArt = (
  <svg viewBox="0 0 240 150" role="img" aria-label="Self-watering planter with a young plant">
    <defs>
      <linearGradient id="planter-pot" x1="0" x2="0" y1="0" y2="1">
        <stop offset="0" stopColor="#fb923c" />
        <stop offset="1" stopColor="#c2410c" />
      </linearGradient>
    </defs>
    <rect width="240" height="150" fill="#fff7ed" />
    <circle cx="190" cy="34" r="18" fill="#fed7aa" />
    <path d="M120 78 C 112 58, 92 50, 78 52 C 84 66, 100 76, 120 78 Z" fill="#16a34a" />
    <path d="M120 78 C 128 52, 150 42, 166 44 C 160 62, 142 76, 120 78 Z" fill="#22c55e" />
    <path d="M120 80 V 58" stroke="#15803d" strokeWidth="4" strokeLinecap="round" />
    <path d="M82 80 H158 L148 132 H92 Z" fill="url(#planter-pot)" />
    <path d="M86 98 H154" stroke="#fdba74" strokeWidth="3" />
    <path d="M89 112 H151" stroke="#fdba74" strokeWidth="3" opacity="0.6" />
    <rect x="78" y="76" width="84" height="8" rx="4" fill="#9a3412" />
  </svg>
);

const BikeMountArt = (
  <svg viewBox="0 0 240 150" role="img" aria-label="Handlebar mount holding a phone">
    <rect width="240" height="150" fill="#f1f5f9" />
    <path d="M20 96 H220" stroke="#334155" strokeWidth="12" strokeLinecap="round" />
    <rect x="102" y="84" width="36" height="24" rx="6" fill="#ea580c" />
    <rect x="86" y="26" width="68" height="64" rx="10" fill="#0f172a" />
    <rect x="92" y="32" width="56" height="52" rx="6" fill="#38bdf8" />
    <path d="M98 70 L112 54 L122 64 L132 50 L142 70 Z" fill="#e0f2fe" />
    <path d="M82 40 V 78 M158 40 V 78" stroke="#ea580c" strokeWidth="6" strokeLinecap="round" />
  </svg>
);

const TerrainArt = (
  <svg viewBox="0 0 240 150" role="img" aria-label="Miniature castle tower on a hill">
    <rect width="240" height="150" fill="#eef2ff" />
    <path d="M0 130 C 50 104, 90 112, 120 118 C 160 126, 200 100, 240 112 V150 H0 Z" fill="#a3a3a3" />
    <rect x="96" y="50" width="48" height="74" fill="#d4d4d8" stroke="#52525b" strokeWidth="3" />
    <path
      d="M92 50 V36 H102 V44 H112 V36 H128 V44 H138 V36 H148 V50 Z"
      fill="#d4d4d8"
      stroke="#52525b"
      strokeWidth="3"
    />
    <path d="M112 124 V102 A8 8 0 0 1 128 102 V124 Z" fill="#52525b" />
    <rect x="114" y="66" width="12" height="16" rx="6" fill="#52525b" />
    <path d="M120 36 V16 L136 22 L120 28" fill="#ea580c" stroke="#9a3412" strokeWidth="2" />
  </svg>
);

const DroneArt = (
  <svg viewBox="0 0 240 150" role="img" aria-label="Racing drone frame seen from above">
    <rect width="240" height="150" fill="#f8fafc" />
    <path d="M70 35 L170 115 M170 35 L70 115" stroke="#1e293b" strokeWidth="12" strokeLinecap="round" />
    <rect x="100" y="55" width="40" height="40" rx="8" fill="#ea580c" />
    {[
      [70, 35],
      [170, 35],
      [70, 115],
      [170, 115],
    ].map(([cx, cy]) => (
      <g key={`${cx}-${cy}`}>
        <ellipse cx={cx} cy={cy} rx="30" ry="7" fill="#94a3b8" opacity="0.55" />
        <circle cx={cx} cy={cy} r="8" fill="#334155" />
      </g>
    ))}
  </svg>
);

export const EXCLUSIVE_PRODUCTS: readonly ExclusiveProduct[] = [
  {
    name: 'EcoPot Self-Watering Planters',
    location: 'Austin, TX',
    tagline: 'Plant-based planters with a hidden water reservoir.',
    specialties: ['Under $3 Materials', 'Biodegradable PLA', 'Custom colors'],
    turnaround: '3-5 days',
    status: 'Available',
    externalUrl: 'https://ecopot-planters.example.com',
    image: PlanterArt,
  },
  {
    name: 'TrailFit Bike Mounts',
    location: 'Boulder, CO',
    tagline: 'Rugged handlebar mounts for phones, lights and GPS units.',
    specialties: ['UV-stable ASA', 'Under $5 Materials'],
    turnaround: '2-4 days',
    status: 'Available',
    image: BikeMountArt,
  },
  {
    name: 'Miniature Masters Terrain',
    location: 'Portland, OR',
    tagline: 'Hand-finished tabletop terrain and miniatures in 8K resin.',
    specialties: ['8K resin detail', 'Paint-ready finish'],
    turnaround: '5-7 days',
    status: 'Coming Soon',
    externalUrl: 'https://miniature-masters.example.com',
    image: TerrainArt,
  },
  {
    name: 'ProFit FPV Drone Frames',
    location: 'Raleigh, NC',
    tagline: 'Carbon-fibre nylon frames tuned for FPV racing.',
    specialties: ['Carbon-fibre nylon', 'Under $12 Materials'],
    turnaround: '4-6 days',
    status: 'Coming Soon',
    image: DroneArt,
  },
];
