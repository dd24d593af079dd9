// The words of the print-farm e-mails; the service records them as email.send jobs.
import type { JobPayload } from '@printfarm/domain/queues';

interface SignupMailFarm {
  id: string;
  displayName: string;
  contactName: string;
  contactEmail: string;
  city: string;
  state: string;
  totalPrinterCount: number;
  printerTypes: string[];
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

export const FARM_SIGNUP_SUBJECT = 'Welcome to the PrintFarm Network';

/** Confirmation to the contact; an anonymous signup also gets the link that ties the farm to their account. */
export function farmSignupEmail(
  farm: SignupMailFarm,
  links: { networkUrl: string; claimUrl?: string },
): JobPayload<'email.send'> {
  const printers = farm.totalPrinterCount === 1 ? '1 printer' : `${farm.totalPrinterCount} printers`;
  const lines = [
    `Hi ${farm.contactName},`,
    '',
    `Thank you for registering ${farm.displayName} (${farm.city}, ${farm.state}) with the PrintFarm Network.`,
    `We recorded ${printers}: ${farm.printerTypes.join(', ')}.`,
    'Your farm will appear on the network map as soon as its address has been located.',
    '',
  ];
  if (links.claimUrl) {
    lines.push(
      'To manage your farm and receive print jobs, sign in (or create an account) with this e-mail address and open this link within 7 days:',
      links.claimUrl,
      '',
    );
  }
  lines.push(`See the network: ${links.networkUrl}`, '', 'The PrintFarm Network team');
  const text = lines.join('\n');
  const html = lines
    .map((line) =>
      line === links.claimUrl || line.endsWith(links.networkUrl)
        ? escapeHtml(line).replace(/(https?:\/\/\S+)/, '<a href="$1">$1</a>')
        : escapeHtml(line),
    )
    .join('<br>\n');
  return {
    messageKey: `farm-signup:${farm.id}`,
    to: farm.contactEmail,
    subject: FARM_SIGNUP_SUBJECT,
    text,
    html: `<p>${html}</p>`,
  };
}
