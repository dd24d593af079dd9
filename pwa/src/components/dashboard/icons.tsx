// Line icons for the dashboard (24-px grid, currentColor), decorative unless labelled by their control.
import type { ReactNode } from 'react';

function Icon({ children, size = 20 }: { children: ReactNode; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

type IconProps = { size?: number };
/** A stroke of a drawing: a path's `d`, or a circle's or a rectangle's attributes. */
type Shape =
  | string
  | { cx: number; cy: number; r: number }
  | { x: number; y: number; width: number; height: number; rx: number };

const DRAWINGS = {
  HomeIcon: ['M3 11l9-7 9 7', 'M5 10v10h14V10'],
  UploadIcon: ['M12 16V4', 'M7 9l5-5 5 5', 'M4 16v4h16v-4'],
  ListIcon: [
    'M9 6h11M9 12h11M9 18h11',
    { cx: 4.5, cy: 6, r: 1 },
    { cx: 4.5, cy: 12, r: 1 },
    { cx: 4.5, cy: 18, r: 1 },
  ],
  FolderIcon: ['M3 7a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z'],
  HistoryIcon: ['M3 12a9 9 0 1 0 3-6.7', 'M3 4v5h5', 'M12 8v4l3 2'],
  NetworkIcon: [
    { cx: 12, cy: 5, r: 2 },
    { cx: 5, cy: 19, r: 2 },
    { cx: 19, cy: 19, r: 2 },
    'M12 7v5M12 12l-6 5.5M12 12l6 5.5',
  ],
  SearchIcon: [{ cx: 11, cy: 11, r: 7 }, 'M20 20l-4-4'],
  SettingsIcon: [
    { cx: 12, cy: 12, r: 3 },
    'M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z',
  ],
  BackIcon: ['M15 18l-6-6 6-6'],
  PrinterIcon: ['M4 3h16v18H4z', 'M4 8h16M9 8v4h6V8M8 17h8'],
  PlusIcon: ['M12 5v14M5 12h14'],
  FileIcon: ['M14 3H6a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V9z', 'M14 3v6h6'],
  ClockIcon: [{ cx: 12, cy: 12, r: 9 }, 'M12 7v5l3 2'],
  CheckIcon: [{ cx: 12, cy: 12, r: 9 }, 'M8 12l3 3 5-6'],
  QuoteIcon: ['M12 2v20M17 5H9.5a3.5 3.5 0 0 0 0 7h5a3.5 3.5 0 0 1 0 7H6'],
  HelpIcon: [{ cx: 12, cy: 12, r: 9 }, 'M9.1 9a3 3 0 0 1 5.8 1c0 2-3 2.5-3 4.5', 'M12 17.5h.01'],
  CardIcon: [{ x: 2.5, y: 5, width: 19, height: 14, rx: 2 }, 'M2.5 10h19'],
  SignOutIcon: ['M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3', 'M10 17l-5-5 5-5', 'M5 12h11'],
} satisfies Record<string, Shape[]>;

function draw(shape: Shape) {
  if (typeof shape === 'string') return <path key={shape} d={shape} />;
  const key = Object.values(shape).join(' ');
  return 'r' in shape ? <circle key={key} {...shape} /> : <rect key={key} {...shape} />;
}

type IconName = keyof typeof DRAWINGS;
const icons = Object.fromEntries(
  Object.entries(DRAWINGS).map(([name, shapes]) => [
    name,
    (p: IconProps) => <Icon {...p}>{shapes.map(draw)}</Icon>,
  ]),
) as Record<IconName, (p: IconProps) => ReactNode>;

export const {
  HomeIcon,
  UploadIcon,
  ListIcon,
  FolderIcon,
  HistoryIcon,
  NetworkIcon,
  SearchIcon,
  SettingsIcon,
  BackIcon,
  PrinterIcon,
  PlusIcon,
  FileIcon,
  ClockIcon,
  CheckIcon,
  QuoteIcon,
  HelpIcon,
  CardIcon,
  SignOutIcon,
} = icons;

export const ChevronIcon = (p: IconProps & { direction: 'left' | 'right' }) => (
  <Icon size={p.size ?? 18}>
    <path d={p.direction === 'left' ? 'M15 18l-6-6 6-6' : 'M9 6l6 6-6 6'} />
  </Icon>
);
