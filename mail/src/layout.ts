// The frame of every message: the brand header, the message's own content, and the footer.
import { Body, Column, Container, Head, Html, Preview, Row, Section, Text } from '@react-email/components';
import { createElement as h, type ReactNode } from 'react';
import { BRAND_NAME, colors, fontFamily, TAGLINE } from './brand.ts';

const styles = {
  body: { backgroundColor: colors.page, margin: 0, padding: '24px 8px', fontFamily },
  card: {
    width: '100%',
    maxWidth: '600px',
    backgroundColor: colors.white,
    border: `1px solid ${colors.border}`,
    borderTop: `4px solid ${colors.theme}`,
    borderRadius: '12px',
  },
  header: { padding: '20px 24px 16px', borderBottom: `1px solid ${colors.border}` },
  tile: {
    width: '32px',
    height: '32px',
    borderRadius: '8px',
    backgroundColor: colors.primary,
    color: colors.white,
    fontSize: '14px',
    fontWeight: 700,
    lineHeight: '32px',
    textAlign: 'center',
  },
  brand: { margin: 0, fontSize: '18px', lineHeight: '32px', fontWeight: 700, color: colors.text },
  content: { padding: '24px 24px 8px', color: colors.text },
  footer: {
    padding: '16px 24px',
    backgroundColor: colors.panel,
    borderTop: `1px solid ${colors.border}`,
    borderRadius: '0 0 12px 12px',
  },
  footerText: { margin: 0, fontSize: '13px', lineHeight: '20px', color: colors.faint },
} as const;

function Header() {
  return h(
    Section,
    { style: styles.header },
    h(
      Row,
      null,
      h(Column, { style: { width: '44px' } }, h('div', { style: styles.tile }, 'PF')),
      h(Column, null, h(Text, { style: styles.brand }, BRAND_NAME)),
    ),
  );
}

function Footer() {
  return h(
    Section,
    { style: styles.footer },
    h(Text, { style: styles.footerText }, `${BRAND_NAME} · ${TAGLINE}`),
  );
}

/** `preview` is the line an inbox shows beside the subject; the subject titles the document (a browser
 * tab or a web mail's own view of the message shows it). */
export function Layout({
  subject,
  preview,
  children,
}: {
  subject: string;
  preview: string;
  children?: ReactNode;
}) {
  return h(
    Html,
    { lang: 'en' },
    h(
      Head,
      null,
      h('title', null, subject),
      h('meta', { name: 'viewport', content: 'width=device-width, initial-scale=1' }),
      h('meta', { name: 'color-scheme', content: 'light' }),
    ),
    h(Preview, null, preview),
    h(
      Body,
      { style: styles.body },
      h(
        Container,
        { style: styles.card },
        h(Header),
        h(Section, { style: styles.content }, children),
        h(Footer),
      ),
    ),
  );
}
