// What every message's HTML part must be, whatever it says: a whole document a mail client can show on a
// phone, with the subject as its title and a preview line, no empty values leaking into it, every link of
// the plain-text part kept, and the sender's words escaped. And every builder has a sample.
import { describe, expect, it } from 'vitest';
import * as accounts from './accounts.ts';
import * as applications from './applications.ts';
import * as customOrders from './customOrders.ts';
import { builderOf, decodeEntities, hrefs, previewText, visibleText } from './expectations.ts';
import * as farms from './farms.ts';
import * as newsletter from './newsletter.ts';
import * as operatorJobs from './operatorJobs.ts';
import * as orders from './orders.ts';
import * as requests from './requests.ts';
import { samples } from './samples.ts';
import * as support from './support.ts';

const messageModules = {
  accounts,
  applications,
  customOrders,
  farms,
  newsletter,
  operatorJobs,
  orders,
  requests,
  support,
};

it('has a sample for every message builder', () => {
  const builders = Object.values(messageModules).flatMap((module) =>
    Object.entries(module)
      .filter(([name, value]) => name.endsWith('Email') && typeof value === 'function')
      .map(([name]) => name),
  );
  expect(builders.length).toBeGreaterThanOrEqual(25);
  expect([...new Set(samples.map((sample) => builderOf(sample.name)))].sort()).toEqual(builders.sort());
});

describe.each(samples)('$name', (sample) => {
  it('is a whole HTML document for a phone, titled with the subject, with a preview line', async () => {
    const { html = '', subject } = await sample.render();
    expect(html).toMatch(/^<!DOCTYPE html/);
    expect(html).toMatch(/<html [^>]*lang="en"/);
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1"/>');
    expect(html).toContain('<meta content="text/html; charset=UTF-8" http-equiv="Content-Type"/>');
    expect(decodeEntities(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '')).toBe(subject);
    expect(previewText(html)?.length).toBeGreaterThan(10);
    expect(html).toMatch(/<\/body><\/html>$/);
  });

  it('leaks no empty or unformatted value into either part', async () => {
    const { html = '', text, subject } = await sample.render();
    for (const part of [visibleText(html), ...hrefs(html), text, subject]) {
      expect(part).not.toMatch(/\bundefined\b|\bnull\b|\[object Object\]|\bNaN\b|\$\s*$/m);
    }
  });

  it('carries every link of the plain-text part, as a link or shown in full', async () => {
    const { html = '', text } = await sample.render();
    const links = hrefs(html);
    const shown = visibleText(html);
    for (const url of text.match(/(https?|mailto):\S+/g) ?? []) {
      expect(links.includes(url) || shown.includes(url), url).toBe(true);
    }
    for (const href of links) expect(href).toMatch(/^(https:\/\/|mailto:)/);
  });

  it("escapes the sender's words: no markup from the input reaches the HTML", async () => {
    const { html = '' } = await sample.render();
    expect(html).not.toMatch(/<script|<slot/i);
  });
});

it('shows a product named like markup as text', async () => {
  const { html = '' } = await orders.orderConfirmationEmail(
    {
      id: '0b7e4d2a-91c3-4f58-a6e0-2d9b8c1f3e54',
      customerName: 'Ada <b>Lovelace</b>',
      customerEmail: 'ada@example.com',
      shippingMethod: 'standard',
      subtotal: '7.25',
      shippingFee: '0.00',
      totalAmount: '7.25',
      shippingAddress: { street: '9 Elm Street', city: 'Raleigh', state: 'NC', zipCode: '27601' },
      items: [{ productName: '<script>alert("knob")</script>', quantity: 1, unitPrice: '7.25' }],
    },
    { displayName: 'Tom & Jerry\'s "Shop"', storeName: 'tj' },
    'https://printfarm.example/orders/0b7e4d2a?token=a&b',
  );
  expect(html).toContain('1 × &lt;script&gt;alert(&quot;knob&quot;)&lt;/script&gt;');
  expect(html).toContain('Hi Ada &lt;b&gt;Lovelace&lt;/b&gt;,');
  expect(html).toContain('Tom &amp; Jerry&#x27;s &quot;Shop&quot;');
  expect(html).toContain('href="https://printfarm.example/orders/0b7e4d2a?token=a&amp;b"');
  expect(html).not.toMatch(/<script|<b>/);
});
