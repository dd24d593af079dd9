// Drawing a product as a small SVG (400 × 300, the product card's 4:3): a lit backdrop, a soft ground
// shadow and the object in its material's colour, shaded darker below and lighter where the light falls.
// Pure string building, so the PWA build can write one file per seeded product.

export interface Look {
  shape: Shape;
  /** The material's colour, #rrggbb. */
  color: string;
  /** A second colour for details (a gem, a label, a metal insert). */
  accent?: string;
  /** The backdrop's tint, #rrggbb. */
  backdrop: string;
}

/** Mixes a colour toward black (negative) or white (positive) by `amount` (-1…1). */
export function tone(hex: string, amount: number): string {
  const value = Number.parseInt(hex.slice(1), 16);
  const target = amount < 0 ? 0 : 255;
  const mix = (channel: number) => Math.round(channel + (target - channel) * Math.abs(amount));
  const rgb = [(value >> 16) & 255, (value >> 8) & 255, value & 255].map(mix);
  return `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

interface Paint {
  base: string;
  dark: string;
  darker: string;
  light: string;
  accent: string;
}

const fill = (color: string, extra = '') => `fill="${color}"${extra ? ` ${extra}` : ''}`;
const line = (color: string, width: number) =>
  `fill="none" stroke="${color}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"`;

/** An upright box seen from above-front: front face, top face and right face. */
function box(p: Paint, x: number, y: number, w: number, h: number, depth: number): string {
  const d = depth;
  return [
    `<path d="M${x} ${y}h${w}l${d} -${d * 0.6}h-${w}z" ${fill(p.light)}/>`,
    `<path d="M${x + w} ${y}l${d} -${d * 0.6}v${h}l-${d} ${d * 0.6}z" ${fill(p.dark)}/>`,
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" ${fill(p.base)}/>`,
  ].join('');
}

/** A cylinder standing on the ground, seen slightly from above. */
function cylinder(p: Paint, cx: number, bottom: number, r: number, h: number): string {
  const ry = r * 0.32;
  return [
    `<path d="M${cx - r} ${bottom - h}v${h}a${r} ${ry} 0 0 0 ${2 * r} 0v-${h}z" ${fill(p.base)}/>`,
    `<path d="M${cx + r * 0.35} ${bottom - h + ry * 0.9}v${h}" ${line(p.light, r * 0.18)} opacity="0.45"/>`,
    `<ellipse cx="${cx}" cy="${bottom - h}" rx="${r}" ry="${ry}" ${fill(p.light)}/>`,
  ].join('');
}

/** A ring lying flat (a wheel, a bushing, a collar). */
function ring(p: Paint, cx: number, cy: number, r: number, hole: number, thickness: number): string {
  const ry = r * 0.45;
  return [
    `<ellipse cx="${cx}" cy="${cy + thickness}" rx="${r}" ry="${ry}" ${fill(p.dark)}/>`,
    `<rect x="${cx - r}" y="${cy}" width="${2 * r}" height="${thickness}" ${fill(p.dark)}/>`,
    `<ellipse cx="${cx}" cy="${cy}" rx="${r}" ry="${ry}" ${fill(p.light)}/>`,
    `<ellipse cx="${cx}" cy="${cy}" rx="${hole}" ry="${hole * 0.45}" ${fill(p.darker)}/>`,
  ].join('');
}

/** A miniature: round base, body, head; `pose` turns the arm and the weapon. */
function figure(p: Paint, cx: number, ground: number, scale: number, pose: number): string {
  const s = scale;
  const arm = pose % 2 === 0 ? -1 : 1;
  return [
    `<ellipse cx="${cx}" cy="${ground}" rx="${34 * s}" ry="${11 * s}" ${fill(p.darker)}/>`,
    `<ellipse cx="${cx}" cy="${ground - 5 * s}" rx="${34 * s}" ry="${11 * s}" ${fill(p.dark)}/>`,
    `<path d="M${cx - 22 * s} ${ground - 6 * s}L${cx - 12 * s} ${ground - 70 * s}h${24 * s}L${cx + 22 * s} ${ground - 6 * s}z" ${fill(p.base)}/>`,
    `<path d="M${cx} ${ground - 70 * s}L${cx + 22 * s} ${ground - 6 * s}h-${12 * s}z" ${fill(p.dark)} opacity="0.55"/>`,
    `<circle cx="${cx}" cy="${ground - 84 * s}" r="${14 * s}" ${fill(p.light)}/>`,
    `<path d="M${cx + 10 * arm * s} ${ground - 62 * s}l${26 * arm * s} -${22 * s}" ${line(p.base, 7 * s)}/>`,
    `<path d="M${cx + 36 * arm * s} ${ground - 84 * s}l${10 * arm * s} -${32 * s}" ${line(p.accent, 4 * s)}/>`,
  ].join('');
}

export const SHAPES = {
  figure: (p: Paint) => figure(p, 200, 250, 1.55, 0),
  caster: (p: Paint) =>
    `${figure(p, 200, 250, 1.55, 1)}<circle cx="262" cy="84" r="16" ${fill(p.accent)} opacity="0.85"/>`,
  squad: (p: Paint) => [150, 250, 200].map((x, i) => figure(p, x, i === 2 ? 262 : 238, 1, i)).join(''),
  dragon: (p: Paint) =>
    [
      `<path d="M120 220C150 150 210 130 262 150C300 165 312 205 290 232Z" ${fill(p.base)}/>`,
      `<path d="M200 150L120 52L180 92L196 40L226 110Z" ${fill(p.dark)}/>`,
      `<path d="M236 146L330 60L300 120L352 110L268 168Z" ${fill(p.dark)}/>`,
      `<path d="M262 150C290 120 300 96 318 92C332 90 338 104 326 112C314 120 300 128 292 160Z" ${fill(p.base)}/>`,
      `<circle cx="320" cy="101" r="3" ${fill(p.accent)}/>`,
      `<path d="M120 220C96 232 78 222 70 204" ${line(p.base, 10)}/>`,
    ].join(''),
  eye: (p: Paint) =>
    [
      ...[-60, -30, 0, 30, 60].map(
        (dx) =>
          `<path d="M${200 + dx * 0.6} 110Q${200 + dx} 60 ${200 + dx * 1.5} 58" ${line(p.dark, 6)}/><circle cx="${200 + dx * 1.5}" cy="56" r="8" ${fill(p.light)}/>`,
      ),
      `<circle cx="200" cy="160" r="66" ${fill(p.base)}/>`,
      `<circle cx="178" cy="136" r="22" ${fill(p.light)} opacity="0.5"/>`,
      `<ellipse cx="200" cy="156" rx="26" ry="20" fill="#fffef5"/>`,
      `<circle cx="200" cy="156" r="11" ${fill(p.accent)}/>`,
      `<path d="M160 196Q200 218 240 196" ${line(p.darker, 5)}/>`,
    ].join(''),
  beast: (p: Paint) =>
    [
      `<ellipse cx="200" cy="190" rx="70" ry="56" ${fill(p.base)}/>`,
      `<circle cx="200" cy="112" r="40" ${fill(p.light)}/>`,
      `<path d="M186 120l14 18l14 -18z" ${fill(p.accent)}/>`,
      `<circle cx="186" cy="106" r="7" ${fill(p.darker)}/><circle cx="214" cy="106" r="7" ${fill(p.darker)}/>`,
      `<path d="M136 170l-30 -36M264 170l30 -36" ${line(p.dark, 16)}/>`,
      `<path d="M150 240v-20M250 240v-20" ${line(p.dark, 18)}/>`,
    ].join(''),
  cube: (p: Paint) =>
    [
      `<path d="M130 120h130l40 -30h-130z" ${fill(p.light)} opacity="0.75"/>`,
      `<path d="M260 120l40 -30v130l-40 30z" ${fill(p.dark)} opacity="0.75"/>`,
      `<rect x="130" y="120" width="130" height="130" ${fill(p.base)} opacity="0.7"/>`,
      `<circle cx="195" cy="160" r="14" fill="#f8fafc" opacity="0.9"/>`,
      `<path d="M195 174v40M175 190h40M195 214l-14 22M195 214l14 22" ${line('#f8fafc', 5)} opacity="0.9"/>`,
    ].join(''),
  tower: (p: Paint) =>
    [
      box(p, 150, 90, 90, 160, 30),
      ...[150, 180, 210].map((x) => `<rect x="${x}" y="72" width="18" height="18" ${fill(p.base)}/>`),
      `<path d="M183 250v-36a12 12 0 0 1 24 0v36z" ${fill(p.darker)}/>`,
      `<rect x="186" y="128" width="16" height="26" rx="8" ${fill(p.darker)}/>`,
      `<path d="M240 90l16 30l-10 14" ${line(p.darker, 3)}/>`,
    ].join(''),
  tiles: (p: Paint) =>
    [0, 1, 2]
      .map((i) => box(p, 110 + i * 34, 200 - i * 40, 150, 22, 40))
      .concat(`<path d="M150 206h60M180 200v22" ${line(p.dark, 2)}/>`)
      .join(''),
  chest: (p: Paint) =>
    [
      box(p, 130, 150, 130, 90, 34),
      `<path d="M130 150q65 -70 130 0" ${fill(p.light)}/>`,
      `<rect x="184" y="150" width="22" height="30" rx="3" ${fill(p.accent)}/>`,
      `<path d="M130 176h130" ${line(p.dark, 4)}/>`,
    ].join(''),
  wheel: (p: Paint) =>
    [
      ring(p, 150, 180, 62, 14, 28),
      ring(p, 268, 140, 46, 11, 22),
      `<path d="M150 180l0 -8" ${line(p.accent, 6)}/>`,
    ].join(''),
  knob: (p: Paint) =>
    [
      cylinder(p, 200, 236, 74, 40),
      cylinder(p, 200, 196, 54, 36),
      `<path d="M200 160v-22" ${line(p.accent, 9)}/>`,
      `<path d="M163 186v28M237 186v28" ${line(p.dark, 4)} opacity="0.5"/>`,
    ].join(''),
  clip: (p: Paint) =>
    [
      `<path d="M120 230V120a40 40 0 0 1 80 0v70h40V120" ${line(p.dark, 30)}/>`,
      `<path d="M120 230V120a40 40 0 0 1 80 0v70h40V120" ${line(p.base, 22)}/>`,
      `<path d="M240 120l40 -20" ${line(p.base, 18)}/>`,
      `<circle cx="160" cy="120" r="8" ${fill(p.accent)}/>`,
    ].join(''),
  rail: (p: Paint) =>
    [
      `<path d="M70 210L300 110l40 14L110 226z" ${fill(p.light)}/>`,
      `<path d="M110 226L340 124v22L110 248z" ${fill(p.dark)}/>`,
      `<path d="M96 212L316 116" ${line(p.darker, 6)}/>`,
      ...[130, 210, 290].map(
        (x) => `<circle cx="${x}" cy="${236 - (x - 110) * 0.44}" r="6" ${fill(p.accent)}/>`,
      ),
    ].join(''),
  tube: (p: Paint) =>
    [
      cylinder(p, 200, 250, 74, 50),
      cylinder(p, 200, 200, 56, 44),
      cylinder(p, 200, 156, 40, 46),
      `<ellipse cx="200" cy="110" rx="26" ry="8" ${fill(p.darker)}/>`,
    ].join(''),
  bushings: (p: Paint) =>
    [
      [130, 200],
      [210, 220],
      [290, 196],
      [170, 140],
      [250, 140],
    ]
      .map(([x = 0, y = 0]) => ring(p, x, y, 34, 14, 18))
      .join(''),
  plate: (p: Paint) =>
    [
      `<path d="M110 80h170l30 -16v170l-30 16H110z" ${fill(p.dark)}/>`,
      `<rect x="110" y="80" width="170" height="170" rx="14" ${fill(p.base)}/>`,
      `<rect x="155" y="125" width="80" height="80" rx="40" ${fill(p.darker)} opacity="0.35"/>`,
      `<circle cx="195" cy="96" r="5" ${fill(p.dark)}/><circle cx="195" cy="234" r="5" ${fill(p.dark)}/>`,
    ].join(''),
  trap: (p: Paint) =>
    [
      `<path d="M110 80v90a50 50 0 0 0 100 0v-40h80" ${line(p.dark, 40)}/>`,
      `<path d="M110 80v90a50 50 0 0 0 100 0v-40h80" ${line(p.base, 30)} opacity="0.85"/>`,
      `<path d="M116 100v60" ${line(p.light, 6)} opacity="0.7"/>`,
      `<ellipse cx="110" cy="76" rx="22" ry="8" ${fill(p.darker)}/>`,
    ].join(''),
  jet: (p: Paint) =>
    [
      ring(p, 200, 170, 92, 44, 26),
      `<ellipse cx="200" cy="170" rx="40" ry="18" ${fill(p.accent)}/>`,
      `<ellipse cx="206" cy="166" rx="12" ry="6" ${fill(p.darker)}/>`,
    ].join(''),
  jig: (p: Paint) =>
    [
      box(p, 110, 150, 180, 80, 40),
      box(p, 110, 110, 60, 40, 40),
      ...[200, 240].map(
        (x) =>
          `<ellipse cx="${x}" cy="170" rx="14" ry="7" ${fill(p.accent)}/><ellipse cx="${x}" cy="170" rx="7" ry="3.5" ${fill(p.darker)}/>`,
      ),
    ].join(''),
  square: (p: Paint) =>
    [
      `<path d="M90 240V70h46v124h190v46z" ${fill(p.base)}/>`,
      `<path d="M136 70l16 -10v124h190l-16 10H136z" ${fill(p.light)}/>`,
      ...[0, 1, 2, 3, 4, 5].map((i) => `<path d="M${160 + i * 28} 240v-14" ${line(p.accent, 3)}/>`),
    ].join(''),
  clamp: (p: Paint) =>
    [
      `<path d="M110 240V120h40v80h100v40z" ${fill(p.base)}/>`,
      `<path d="M150 120l24 -16v80h100l-24 16h-100z" ${fill(p.light)}/>`,
      `<path d="M250 200l40 -30" ${line(p.accent, 10)}/>`,
      `<circle cx="296" cy="166" r="14" ${fill(p.accent)}/>`,
    ].join(''),
  pads: (p: Paint) =>
    [0, 1, 2, 3].map((i) => box(p, 110 + (i % 2) * 100, 120 + Math.floor(i / 2) * 70, 70, 40, 24)).join(''),
  organizer: (p: Paint) =>
    [
      box(p, 90, 140, 220, 90, 44),
      ...[0, 1, 2, 3, 4, 5].map(
        (i) =>
          `<ellipse cx="${120 + i * 34}" cy="${128 - (i % 2) * 8}" rx="9" ry="4" ${fill(p.darker)}/><path d="M${120 + i * 34} ${128 - (i % 2) * 8}v-${26 + (i % 3) * 8}" ${line(p.accent, 7)}/>`,
      ),
    ].join(''),
  gauge: (p: Paint) =>
    [
      `<path d="M80 170L310 110" ${line(p.dark, 22)}/>`,
      `<path d="M80 164L310 104" ${line(p.light, 8)}/>`,
      cylinder(p, 200, 200, 46, 60),
      `<circle cx="310" cy="110" r="16" ${fill(p.accent)}/>`,
    ].join(''),
  lid: (p: Paint) =>
    [
      cylinder(p, 200, 250, 110, 28),
      cylinder(p, 200, 222, 60, 40),
      `<path d="M250 190h70" ${line(p.dark, 26)}/><path d="M250 190h70" ${line(p.base, 18)}/>`,
      `<ellipse cx="200" cy="182" rx="30" ry="9" ${fill(p.darker)}/>`,
    ].join(''),
} as const;

export type Shape = keyof typeof SHAPES;

/** The whole picture: backdrop, ground shadow, the shape in its colours. */
export function drawProduct(look: Look, title: string): string {
  const paint: Paint = {
    base: look.color,
    dark: tone(look.color, -0.25),
    darker: tone(look.color, -0.5),
    light: tone(look.color, 0.28),
    accent: look.accent ?? tone(look.color, -0.4),
  };
  const safeTitle = title.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`);
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300" width="400" height="300" role="img">',
    `<title>${safeTitle}</title>`,
    '<defs><radialGradient id="light" cx="0.35" cy="0.25" r="0.9">',
    `<stop offset="0" stop-color="${tone(look.backdrop, 0.55)}"/>`,
    `<stop offset="1" stop-color="${look.backdrop}"/>`,
    '</radialGradient></defs>',
    '<rect width="400" height="300" fill="url(#light)"/>',
    `<ellipse cx="200" cy="256" rx="150" ry="22" fill="${tone(look.backdrop, -0.35)}" opacity="0.5"/>`,
    SHAPES[look.shape](paint),
    '</svg>',
  ].join('');
}
