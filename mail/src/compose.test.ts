// What compose() hands the e-mail job must pass the job's own check in the workers, whatever names a
// message carries: a payload the worker refuses is failed without a retry, and the message is lost.
import { parseJobPayload } from '@printfarm/domain/queues';
import { describe, expect, it } from 'vitest';
import { compose, SUBJECT_LENGTH } from './compose.ts';

const message = (subject: string, to = 'owner@makerbay.example') =>
  compose({ messageKey: 'test:1', to, subject, preview: 'Preview', html: [], text: ['Hello'] });

describe('compose', () => {
  it('cuts a subject made long by long names at a word, so the e-mail job takes it', async () => {
    const store = `Maker Bay ${'Workshop '.repeat(16)}`.trim(); // 153 characters, as a store may be named
    const person = `Grace ${'Hopper '.repeat(19)}`.trim(); // 138 characters
    const email = await message(`Custom order request for ${store} from ${person}`);
    expect(email.subject.length).toBeLessThanOrEqual(SUBJECT_LENGTH);
    expect(email.subject).toMatch(/^Custom order request for Maker Bay Workshop .*\S…$/);
    expect(() => parseJobPayload('email.send', email)).not.toThrow();
    expect(email.html).toContain(`<title>${email.subject}</title>`);
  });

  it('keeps a subject that fits as it is, on one line', async () => {
    expect((await message('Your order is on its way')).subject).toBe('Your order is on its way');
    expect((await message('New order\r\nfrom  Ada')).subject).toBe('New order from Ada');
  });

  it("hands the job an address an identity provider gave, such as o'brien@…", async () => {
    const email = await message('Hello', "o'brien@example.com");
    expect(parseJobPayload('email.send', email).to).toBe("o'brien@example.com");
    for (const bad of ['two@example.com, three@example.com', 'Name <x@example.com>', 'no-at-sign', 'a@b']) {
      expect(() => parseJobPayload('email.send', { ...email, to: bad }), bad).toThrow();
    }
  });
});
