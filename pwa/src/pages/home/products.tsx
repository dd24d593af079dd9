// The four exclusive branded products on the landing page, each with its picture. Two are stores on the
// network, whose 'Visit Store' opens our own store pages; their pictures are the build's product pictures.
import type { ReactNode } from 'react';

export type ProductStatus = 'Available' | 'Coming Soon';

export interface ExclusiveProduct {
  name: string;
  location: string;
  tagline: string;
  specialties: readonly string[];
  turnaround: string;
  status: ProductStatus;
  /** The store's page on the network; without one the card asks for a quote. */
  storePath?: string;
  image: ReactNode;
}

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

/** A seeded product's picture, drawn at build time (pwa/scripts/productImages.ts), by its file name. */
function productPicture(file: string, alt: string): ReactNode {
  return <img src={`/images/products/${file}.svg`} alt={alt} width="400" height="300" loading="lazy" />;
}

export const EXCLUSIVE_PRODUCTS: readonly ExclusiveProduct[] = [
  {
    name: 'Precision Parts Co.',
    location: 'Columbus, OH',
    tagline: 'Replacement appliance and HVAC parts printed to OEM dimensions.',
    specialties: ['OEM dimensions', 'Heat-resistant plastics', 'Appliance & HVAC'],
    turnaround: '2-3 days',
    status: 'Available',
    storePath: '/precision-parts',
    image: productPicture('dishwasher-lower-rack-wheel-4-pack', 'Dishwasher rack wheels printed in PETG'),
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
    name: 'Miniature Masters',
    location: 'Portland, OR',
    tagline: 'Hand-finished tabletop miniatures and terrain in 8K resin.',
    specialties: ['8K resin detail', 'Paint-ready finish'],
    turnaround: '5-7 days',
    status: 'Available',
    storePath: '/miniature-masters',
    image: productPicture('ancient-red-dragon', 'A red dragon miniature in resin'),
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
