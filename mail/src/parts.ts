// The pieces messages are built from: paragraphs, the action button, label-and-value facts, a table of
// lines with totals (an order, a list of offers), an address, a quoted message and the signature.
import { Button, Heading, Link, Section, Text } from '@react-email/components';
import { createElement as h, type ReactNode } from 'react';
import { colors, SIGNATURE } from './brand.ts';

// Long words (addresses, URLs, user text) wrap instead of widening the message on a phone.
const wrap = { overflowWrap: 'anywhere', wordBreak: 'break-word' } as const;
const text = { margin: '0 0 16px', fontSize: '16px', lineHeight: '24px', color: colors.text, ...wrap };
const small = { fontSize: '14px', lineHeight: '20px', color: colors.muted };
const cell = { padding: '8px 0', verticalAlign: 'top', borderBottom: `1px solid ${colors.border}` };

export function Paragraph({ children, muted }: { children?: ReactNode; muted?: boolean }) {
  return h(Text, { style: muted ? { ...text, ...small } : text }, children);
}

export function Subheading({ children }: { children?: ReactNode }) {
  return h(
    Heading,
    { as: 'h2', style: { margin: '24px 0 8px', fontSize: '18px', lineHeight: '26px', ...wrap } },
    children,
  );
}

/** The message's main action; the same URL is spelled out in the text part. */
export function ActionButton({ href, children }: { href: string; children?: ReactNode }) {
  return h(
    Section,
    { style: { margin: '8px 0 24px' } },
    h(
      Button,
      {
        href,
        style: {
          backgroundColor: colors.primary,
          color: colors.white,
          borderRadius: '8px',
          // 44 px high: a comfortable tap on a phone.
          padding: '14px 24px',
          fontSize: '16px',
          fontWeight: 600,
        },
      },
      children,
    ),
  );
}

/** A link inside a sentence, shown as its URL when no words are given. */
export function InlineLink({ href, children }: { href: string; children?: ReactNode }) {
  return h(
    Link,
    { href, style: { color: colors.primary, textDecoration: 'underline', ...wrap } },
    children ?? href,
  );
}

export type Fact = readonly [label: string, value: ReactNode];
export type TextFact = readonly [label: string, value: string];

/** 'Phone: not given': facts as the plain-text part writes them. */
export function factLines(facts: readonly TextFact[]): string[] {
  return facts.map(([label, value]) => `${label}: ${value}`);
}

/** Label and value side by side: 'Phone  not given'. The label column stays narrow, so a phone keeps
 * room for an e-mail address on one line; the two sizes of type share a baseline. */
export function Facts({ rows }: { rows: readonly Fact[] }) {
  const row = { ...cell, verticalAlign: 'baseline' };
  return h(
    'table',
    { role: 'presentation', width: '100%', cellPadding: 0, cellSpacing: 0, style: { margin: '0 0 16px' } },
    h(
      'tbody',
      null,
      rows.map(([label, value]) =>
        h(
          'tr',
          { key: label },
          h('td', { style: { ...row, ...small, width: '30%', paddingRight: '12px' } }, label),
          h('td', { style: { ...row, fontSize: '16px', lineHeight: '24px', ...wrap } }, value),
        ),
      ),
    ),
  );
}

export interface Line {
  title: ReactNode;
  detail?: ReactNode;
  amount: string;
}

/** Lines with an amount each (an order's items, a request's offers), then totals; the last total (what is
 * paid) is bold and as large as the lines. */
export function LineTable({ lines, totals = [] }: { lines: readonly Line[]; totals?: readonly Fact[] }) {
  const amount = { ...cell, textAlign: 'right', whiteSpace: 'nowrap', paddingLeft: '12px' } as const;
  return h(
    'table',
    { role: 'presentation', width: '100%', cellPadding: 0, cellSpacing: 0, style: { margin: '0 0 16px' } },
    h(
      'tbody',
      null,
      lines.map((line, i) =>
        h(
          'tr',
          { key: i },
          h(
            'td',
            { style: { ...cell, fontSize: '16px', lineHeight: '24px', ...wrap } },
            line.title,
            line.detail ? h('div', { style: small }, line.detail) : null,
          ),
          h('td', { style: { ...amount, fontSize: '16px', lineHeight: '24px' } }, line.amount),
        ),
      ),
      totals.map(([label, value], i) => {
        const last = i === totals.length - 1;
        const weight = last
          ? {
              fontSize: '16px',
              lineHeight: '24px',
              fontWeight: 700,
              color: colors.text,
              borderBottom: 'none',
            }
          : {};
        return h(
          'tr',
          { key: label },
          h('td', { style: { ...cell, ...small, ...weight } }, label),
          h('td', { style: { ...amount, ...small, ...weight } }, value),
        );
      }),
    ),
  );
}

/** A block of short lines: an address, a list of items. */
export function Lines({ title, lines }: { title?: string; lines: readonly string[] }) {
  return h(
    Text,
    { style: text },
    title ? h('strong', null, title) : null,
    lines.flatMap((line, i) => [i > 0 || title ? h('br', { key: `br${i}` }) : null, line]),
  );
}

/** Someone's own words (a message, a project description), kept as they wrote them. */
export function Quote({ children }: { children?: ReactNode }) {
  return h(
    Text,
    {
      style: {
        ...text,
        whiteSpace: 'pre-wrap',
        padding: '12px 16px',
        backgroundColor: colors.panel,
        borderLeft: `4px solid ${colors.primarySoftBorder}`,
      },
    },
    children,
  );
}

export function Steps({ title, steps }: { title: string; steps: readonly string[] }) {
  return h(
    Section,
    null,
    h(Text, { style: { ...text, margin: '0 0 4px', fontWeight: 700 } }, title),
    h(
      'ol',
      { style: { margin: '0 0 16px', paddingLeft: '24px', fontSize: '16px', lineHeight: '24px' } },
      steps.map((step) => h('li', { key: step }, step)),
    ),
  );
}

export function Signature() {
  return h(Text, { style: { ...text, margin: '24px 0 16px' } }, SIGNATURE);
}
