import { cx } from '../lib/cx.ts';

/** The PrintFarm mark (the app icon's printer on its orange tile), drawn inline so it is always sharp. */
export function LogoMark({ size = 32, className }: { size?: number; className?: string }) {
  return (
    <svg
      viewBox="0 0 100 100"
      width={size}
      height={size}
      aria-hidden="true"
      className={cx('logo-mark', className)}
    >
      <rect x="2" y="2" width="96" height="96" rx="22" fill="var(--color-primary)" />
      <g fill="#fff" transform="translate(15 15) scale(.7)">
        <rect x="14" y="14" width="72" height="11" rx="4" />
        <rect x="14" y="14" width="11" height="70" rx="4" />
        <rect x="75" y="14" width="11" height="70" rx="4" />
        <rect x="8" y="80" width="84" height="10" rx="4" />
        <rect x="39" y="25" width="22" height="17" rx="3" />
        <path d="M43.5 42h13L50 50z" />
        <rect x="33" y="70" width="34" height="7" rx="1.5" />
        <rect x="36" y="61.5" width="28" height="6.5" rx="1.5" />
        <rect x="39" y="53" width="22" height="6.5" rx="1.5" />
      </g>
    </svg>
  );
}
