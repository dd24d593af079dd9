// Turns a message into the email.send payload: the HTML part rendered by React Email inside the
// branded layout, and the plain-text part written line by line beside it.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { JobPayload } from '@printfarm/domain/queues';
import { render } from '@react-email/render';
import { createElement as h, type ReactNode } from 'react';
import { Layout } from './layout.ts';

export type Email = JobPayload<'email.send'>;

/** Set while a message is built to be rendered later (deferred.ts): compose() leaves the HTML out. */
export const htmlDeferral = new AsyncLocalStorage<true>();

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

/** React Email's preview block keeps this many characters. */
const PREVIEW_LENGTH = 150;

/** The preview line, cut at a word with an ellipsis when it is longer than an inbox shows. */
function previewLine(preview: string): string {
  if (preview.length <= PREVIEW_LENGTH) return preview;
  const head = preview.slice(0, PREVIEW_LENGTH - 1);
  const lastSpace = head.lastIndexOf(' ');
  return `${head.slice(0, lastSpace > 0 ? lastSpace : head.length).replace(/[\s,;:.]+$/, '')}…`;
}

/** Subjects are cut to this many characters (the e-mail job takes 300; inboxes show far fewer). */
export const SUBJECT_LENGTH = 200;

/** The subject on one line, cut at a word with an ellipsis past SUBJECT_LENGTH: names in it can be long. */
function subjectLine(subject: string): string {
  const line = subject.replace(/\s+/g, ' ').trim();
  if (line.length <= SUBJECT_LENGTH) return line;
  const head = line.slice(0, SUBJECT_LENGTH - 1);
  const lastSpace = head.lastIndexOf(' ');
  return `${head.slice(0, lastSpace > SUBJECT_LENGTH / 2 ? lastSpace : head.length).trimEnd()}…`;
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
  const email: Email = {
    messageKey,
    to,
    subject: subjectLine(subject),
    ...(replyTo ? { replyTo } : {}),
    text: text.join('\n'),
  };
  if (htmlDeferral.getStore()) return email;
  return {
    ...email,
    html: await render(h(Layout, { subject: email.subject, preview: previewLine(preview) }, ...html)),
  };
}
