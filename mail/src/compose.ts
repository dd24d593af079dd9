// Turns a message into the email.send payload: the HTML part rendered by React Email inside the
// branded layout, and the plain-text part written line by line beside it.
import type { JobPayload } from '@printfarm/domain/queues';
import { render } from '@react-email/render';
import { createElement as h, type ReactNode } from 'react';
import { Layout } from './layout.ts';

export type Email = JobPayload<'email.send'>;

export interface Message {
  /** Names the event, so the same event never mails twice. */
  messageKey: string;
  to: string;
  subject: string;
  replyTo?: string;
  /** The line an inbox shows beside the subject. */
  preview: string;
  /** What sits between the brand header and the footer, block by block (handed to the layout as separate
   * children, so the blocks need no keys). */
  html: readonly ReactNode[];
  /** The plain-text alternative, one line per entry. */
  text: readonly string[];
}

export async function compose({
  messageKey,
  to,
  subject,
  replyTo,
  preview,
  html,
  text,
}: Message): Promise<Email> {
  return {
    messageKey,
    to,
    subject,
    ...(replyTo ? { replyTo } : {}),
    text: text.join('\n'),
    html: await render(h(Layout, { preview }, ...html)),
  };
}
