// The product's name and colours as e-mail shows them. The design card names no colours, so these are
// the PWA's own tokens (pwa/src/styles.css): its primary orange, the app's theme colour and the slates.

export const BRAND_NAME = 'PrintFarm Network';
export const SIGNATURE = 'The PrintFarm Network team';
export const TAGLINE = '3D printing by independent print farms near you';

export const colors = {
  primary: '#c2410c',
  theme: '#ea580c',
  primarySoft: '#fff7ed',
  primarySoftBorder: '#fed7aa',
  text: '#0f172a',
  muted: '#475569',
  faint: '#64748b',
  border: '#e2e8f0',
  panel: '#f8fafc',
  page: '#f1f5f9',
  white: '#ffffff',
} as const;

export const fontFamily =
  'ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
