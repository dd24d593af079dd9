// Every e-mail as a reader gets it (issue 15): each sample message (mail/src/samples.ts) goes over real
// SMTP, through the workers' own transport, to MailDev, arrives as text/plain beside text/html, and is
// opened from MailDev in Chromium at 390×844 and 1366×900. There it must not scroll sideways, keep its
// text at 13 px or more and its buttons at least 44 px high. At phone width, where a message is most
// often read and most often breaks, each is saved under
// var/test-screenshots/mail-look/<message>-390x844.png for a person to look at.
import { randomUUID } from 'node:crypto';
import type { Email } from '@printfarm/mail/compose';
import { samples } from '@printfarm/mail/samples';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../../ops/fixtures/browser.ts';
import { createSmtpMailer } from '../../workers/src/mail/transport.ts';
import { runEnv } from '../support/env.ts';
import { listEmails, type ReceivedEmail } from '../support/maildev.ts';
import { saveScreenshot, VIEWPORTS } from '../support/screenshots.ts';
import { eventually } from '../support/server.ts';

const FROM = 'PrintFarm Network <no-reply@printfarm.example>';
const run = randomUUID().slice(0, 8);
const fileName = (sampleName: string) => sampleName.replace(/[^a-z0-9]+/gi, '-').replace(/-$/, '');

describe('every e-mail through MailDev, at phone and laptop width', () => {
  let browser: Browser;
  const sent = new Map<string, { email: Email; received: ReceivedEmail }>();

  beforeAll(async () => {
    browser = await launchBrowser();
    const mailer = createSmtpMailer({
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: runEnv().smtpPort,
      SMTP_SECURE: false,
      SMTP_USER: undefined,
      SMTP_PASSWORD: undefined,
      NODE_ENV: 'test',
    });
    const addressed: { name: string; to: string; email: Email }[] = [];
    try {
      for (const [i, sample] of samples.entries()) {
        const email = await sample.render();
        // Each to an address of its own, so the MailDev this run shares with other files finds it.
        const to = `mail-look-${run}-${i}@example.test`;
        addressed.push({ name: sample.name, to, email });
        await mailer.send({
          from: FROM,
          to,
          subject: email.subject,
          text: email.text,
          ...(email.html ? { html: email.html } : {}),
          ...(email.replyTo ? { replyTo: email.replyTo } : {}),
          headers: { 'X-Message-Key': email.messageKey },
        });
      }
    } finally {
      mailer.close();
    }
    const inbox = await eventually(async () => {
      const all = await listEmails();
      return (
        addressed.every(({ to }) => all.some((mail) => mail.to.some((rcpt) => rcpt.address === to))) && all
      );
    });
    for (const { name, to, email } of addressed) {
      const received = inbox.find((mail) => mail.to.some((rcpt) => rcpt.address === to));
      if (received) sent.set(name, { email, received });
    }
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
  });

  const delivered = (name: string) => {
    const message = sent.get(name);
    if (!message) throw new Error(`${name} did not arrive in MailDev`);
    return message;
  };

  it.each(samples)('$name arrives with a text/plain and a text/html part, as sent', async ({ name }) => {
    const { email, received } = delivered(name);
    const source = await (await fetch(`${runEnv().maildevUrl}/email/${received.id}/source`)).text();
    expect(source).toMatch(/^Content-Type: multipart\/alternative;/im);
    expect(source).toMatch(/^Content-Type: text\/plain; charset=utf-8/im);
    expect(source).toMatch(/^Content-Type: text\/html; charset=utf-8/im);
    expect(received.subject).toBe(email.subject);
    expect(received.text?.trimEnd()).toBe(email.text);
    // MailDev's parser rewrites the content-type meta tag; the rest of the document arrives as rendered.
    const withoutCharsetMeta = (html = '') => html.replace(/<meta [^>]*content-type[^>]*>/i, '');
    expect(withoutCharsetMeta(received.html)).toBe(withoutCharsetMeta(email.html));
  });

  describe.each(VIEWPORTS)('at $width×$height', (viewport) => {
    // One page per width: each message is a new document in it.
    let page: Page;
    beforeAll(async () => {
      page = await browser.newPage({ viewport: { width: viewport.width, height: viewport.height } });
    });
    afterAll(async () => {
      await page?.close();
    });

    it.each(samples)('$name fits the width, with readable text and tappable buttons', async ({ name }) => {
      const { received } = delivered(name);
      await page.goto(`${runEnv().maildevUrl}/email/${received.id}/html`);
      const look = await page.evaluate(() => {
        const root = document.scrollingElement ?? document.documentElement;
        const shown = [...document.body.querySelectorAll<HTMLElement>('*')].filter(
          (element) =>
            element.getClientRects().length > 0 &&
            [...element.childNodes].some(
              (node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim(),
            ),
        );
        const buttons = [...document.querySelectorAll<HTMLAnchorElement>('a')].filter(
          (link) => getComputedStyle(link).backgroundColor !== 'rgba(0, 0, 0, 0)',
        );
        return {
          scrollWidth: root.scrollWidth,
          clientWidth: root.clientWidth,
          smallestText: Math.min(
            ...shown.map((element) => Number.parseFloat(getComputedStyle(element).fontSize)),
          ),
          buttonHeights: buttons.map((button) => button.getBoundingClientRect().height),
          title: document.title,
        };
      });
      if (viewport.width < 500)
        await saveScreenshot(page, import.meta.url, fileName(name), { fullPage: true });
      expect(look.scrollWidth).toBeLessThanOrEqual(look.clientWidth);
      expect(look.smallestText).toBeGreaterThanOrEqual(13);
      for (const height of look.buttonHeights) expect(height).toBeGreaterThanOrEqual(44);
      expect(look.title).toBe(received.subject);
    });
  });
});
