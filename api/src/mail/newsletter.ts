// The double opt-in e-mail for the blog's 'Stay Updated' box.
import type { JobPayload } from '@printfarm/domain/queues';

export function newsletterConfirmEmail(input: {
  email: string;
  confirmUrl: string;
  messageKey: string;
}): JobPayload<'email.send'> {
  const text = [
    'Please confirm your subscription to G-Code Confidential, the PrintFarm Network blog.',
    '',
    `Confirm here: ${input.confirmUrl}`,
    '',
    'If you did not ask for this, ignore this e-mail and you will not hear from us again.',
  ].join('\n');
  const html = `<p>Please confirm your subscription to <strong>G-Code Confidential</strong>, the PrintFarm Network blog.</p>
<p><a href="${input.confirmUrl}">Confirm my subscription</a></p>
<p>If you did not ask for this, ignore this e-mail and you will not hear from us again.</p>`;
  return {
    messageKey: input.messageKey,
    to: input.email,
    subject: 'Confirm your G-Code Confidential subscription',
    text,
    html,
  };
}
