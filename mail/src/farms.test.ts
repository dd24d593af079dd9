// The farm signup e-mail: for each sample, the envelope, the plain-text part line by line (the words the
// plain-text builders wrote before the move to React Email), the preview line, the key facts and the links.
import { describeMessages } from './expectations.ts';
import * as messages from './farms.ts';
import { CLAIM_URL, NETWORK_URL } from './sampleFacts.ts';

describeMessages(messages, {
  farmSignupEmail: {
    to: 'josef@prusabarn.example',
    subject: 'Welcome to the PrintFarm Network',
    messageKey: 'farm-signup:f4e3d2c1-b0a9-4887-9665-544332211000',
    preview: 'Thank you for registering Prusa Barn Print Farm (Austin, TX) with the PrintFarm Network.',
    text: [
      'Hi Josef,',
      '',
      'Thank you for registering Prusa Barn Print Farm (Austin, TX) with the PrintFarm Network.',
      'We recorded 12 printers: Prusa MK4, Bambu Lab X1 Carbon, Formlabs Form 3+.',
      'Your farm will appear on the network map as soon as its address has been located.',
      '',
      'To manage your farm and receive print jobs, sign in (or create an account) with this e-mail address and open this link within 7 days:',
      `${CLAIM_URL}`,
      '',
      `See the network: ${NETWORK_URL}`,
      '',
      'The PrintFarm Network team',
    ],
    shows: [
      'Hi Josef,',
      'Thank you for registering Prusa Barn Print Farm (Austin, TX) with the PrintFarm Network.',
      'We recorded 12 printers: Prusa MK4, Bambu Lab X1 Carbon, Formlabs Form 3+.',
      'open this link within 7 days:',
      'Claim your farm',
      `See the network: ${NETWORK_URL}`,
    ],
    links: [`${CLAIM_URL}`, `${NETWORK_URL}`],
  },
  'farmSignupEmail (signed in, one printer)': {
    to: 'josef@prusabarn.example',
    subject: 'Welcome to the PrintFarm Network',
    messageKey: 'farm-signup:f4e3d2c1-b0a9-4887-9665-544332211000',
    preview: 'Thank you for registering Prusa Barn Print Farm (Austin, TX) with the PrintFarm Network.',
    text: [
      'Hi Josef,',
      '',
      'Thank you for registering Prusa Barn Print Farm (Austin, TX) with the PrintFarm Network.',
      'We recorded 1 printer: Prusa MK4.',
      'Your farm will appear on the network map as soon as its address has been located.',
      '',
      `See the network: ${NETWORK_URL}`,
      '',
      'The PrintFarm Network team',
    ],
    shows: ['We recorded 1 printer: Prusa MK4.', `See the network: ${NETWORK_URL}`],
    links: [`${NETWORK_URL}`],
  },
});
