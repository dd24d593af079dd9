// What a message's unit test checks, written once: the envelope, the plain-text part line by line, and
// what the HTML part shows (the preview line, the key facts, the links). A topic's test file hands
// describeMessages its module and one expectation per sample; a sample without one fails the file.
import { describe, expect, it } from 'vitest';
import { samples } from './samples.ts';

export interface Expected {
  to: string;
  subject: string;
  messageKey: string;
  replyTo?: string;
  /** The hidden line an inbox shows beside the subject. */
  preview: string;
  /** The plain-text part, line by line. */
  text: readonly string[];
  /** Words the HTML part shows a reader: the order number, amounts, names, dates. */
  shows: readonly string[];
  /** Where its links and buttons lead, as <a href>. */
  links: readonly string[];
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

export function decodeEntities(html: string): string {
  return html.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X'))
      return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return NAMED[name.toLowerCase()] ?? entity;
  });
}

/** The text of the hidden preview block React Email puts first in the body. */
export function previewText(html: string): string | undefined {
  const match = /data-skip-in-text="true">([^<]*)</.exec(html);
  return match?.[1] === undefined ? undefined : decodeEntities(match[1]);
}

/** The words a reader sees: no head, no hidden preview, no markup; inline tags join their neighbours. */
export function visibleText(html: string): string {
  const body = html
    .replace(/<head>[\s\S]*?<\/head>/, '')
    .replace(/<div[^>]*data-skip-in-text="true"[^>]*>[\s\S]*?<\/div><\/div>/, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<\/?(a|strong|b|em|span)\b[^>]*>/g, '')
    .replace(/<[^>]+>/g, ' ');
  return decodeEntities(body).replace(/\s+/g, ' ').trim();
}

export function hrefs(html: string): string[] {
  return [...html.matchAll(/<a\b[^>]*\shref="([^"]*)"/g)].map((match) => decodeEntities(match[1] ?? ''));
}

/** A sample's builder: 'orderConfirmationEmail (one free item)' → 'orderConfirmationEmail'. */
export const builderOf = (sampleName: string) => sampleName.split(' ')[0] ?? sampleName;

export function describeMessages(module: Record<string, unknown>, expected: Record<string, Expected>) {
  const builders = Object.keys(module).filter((name) => name.endsWith('Email'));
  const own = samples.filter((sample) => builders.includes(builderOf(sample.name)));

  it('has an expectation for every sample of its builders, and a sample for every builder', () => {
    expect(Object.keys(expected).sort()).toEqual(own.map((sample) => sample.name).sort());
    expect([...new Set(own.map((sample) => builderOf(sample.name)))].sort()).toEqual(builders.sort());
  });

  describe.each(own)('$name', (sample) => {
    const expectation = () => {
      const value = expected[sample.name];
      if (!value) throw new Error(`no expectation for ${sample.name}`);
      return value;
    };

    it('goes to the right person under the right subject and message key', async () => {
      const email = await sample.render();
      const { to, subject, messageKey, replyTo } = expectation();
      expect({
        to: email.to,
        subject: email.subject,
        messageKey: email.messageKey,
        replyTo: email.replyTo,
      }).toEqual({ to, subject, messageKey, replyTo });
    });

    it('says the expected words in its plain-text part', async () => {
      const email = await sample.render();
      expect(email.text.split('\n')).toEqual(expectation().text);
    });

    it('shows the preview, the key facts and the links in its HTML part', async () => {
      const { html = '' } = await sample.render();
      const { preview, shows, links } = expectation();
      expect(previewText(html)).toBe(preview);
      const shown = visibleText(html);
      for (const fact of shows) expect(shown).toContain(fact);
      expect(hrefs(html)).toEqual(links);
    });
  });
}
