// What a print farm's contact reads after signing the farm up to the network.
import { countOf } from '@printfarm/domain/words';
import { createElement as h } from 'react';
import { BRAND_NAME, SIGNATURE } from './brand.ts';
import { compose, type Email } from './compose.ts';
import { ActionButton, InlineLink, Paragraph, Signature } from './parts.ts';

export interface SignupMailFarm {
  id: string;
  displayName: string;
  contactName: string;
  contactEmail: string;
  city: string;
  state: string;
  totalPrinterCount: number;
  printerTypes: string[];
}

export const FARM_SIGNUP_SUBJECT = `Welcome to the ${BRAND_NAME}`;

/** Confirmation to the contact; an anonymous signup also gets the link that ties the farm to their account. */
export function farmSignupEmail(
  farm: SignupMailFarm,
  links: { networkUrl: string; claimUrl?: string },
): Promise<Email> {
  const thanks = `Thank you for registering ${farm.displayName} (${farm.city}, ${farm.state}) with the ${BRAND_NAME}.`;
  const printers = `We recorded ${countOf(farm.totalPrinterCount, 'printer')}: ${farm.printerTypes.join(', ')}.`;
  const map = 'Your farm will appear on the network map as soon as its address has been located.';
  const claim =
    'To manage your farm and receive print jobs, sign in (or create an account) with this e-mail address and open this link within 7 days:';
  const { claimUrl, networkUrl } = links;
  return compose({
    messageKey: `farm-signup:${farm.id}`,
    to: farm.contactEmail,
    subject: FARM_SIGNUP_SUBJECT,
    preview: thanks,
    html: [
      h(Paragraph, null, `Hi ${farm.contactName},`),
      h(Paragraph, null, thanks),
      h(Paragraph, null, printers),
      h(Paragraph, null, map),
      ...(claimUrl
        ? [h(Paragraph, null, claim), h(ActionButton, { href: claimUrl }, 'Claim your farm')]
        : []),
      h(Paragraph, null, 'See the network: ', h(InlineLink, { href: networkUrl })),
      h(Signature),
    ],
    text: [
      `Hi ${farm.contactName},`,
      '',
      thanks,
      printers,
      map,
      '',
      ...(claimUrl ? [claim, claimUrl, ''] : []),
      `See the network: ${networkUrl}`,
      '',
      SIGNATURE,
    ],
  });
}
