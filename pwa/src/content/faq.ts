// The FAQ page's questions and answers (/faq), by section. Answers are plain text; `link` adds one way
// onward under the answer.

export interface FaqEntry {
  question: string;
  answer: string;
  link?: { label: string; to: string };
}

export interface FaqSection {
  heading: string;
  entries: readonly FaqEntry[];
}

export const FAQ: readonly FaqSection[] = [
  {
    heading: 'Shopping in the stores',
    entries: [
      {
        question: 'Do I need an account to buy from a store?',
        answer:
          'No. Add items to your cart, check out with your name, e-mail and a US shipping address, and place the order. A confirmation with a link to your order page arrives by e-mail.',
        link: { label: 'Browse all products', to: '/products' },
      },
      {
        question: 'What does shipping cost?',
        answer:
          "Each store sets its own shipping: the methods it offers, their prices and often an order amount from which Standard shipping is free. The store's page says what it charges, and checkout shows every method with its price for your cart before you place the order.",
      },
      {
        question: 'Where do the stores ship?',
        answer:
          'To addresses in the 50 US states. Checkout asks for the state from a list and a 5-digit ZIP code or ZIP+4 (such as 27601 or 27601-1234).',
      },
      {
        question: 'How do I find my order again?',
        answer:
          "Open the link in your confirmation e-mail: it shows your order's items, shipping and total at any time. When the store ships your order, you get another e-mail with its tracking number.",
      },
      {
        question: 'What if I lose my connection at checkout?',
        answer:
          'The app keeps your cart and your order on this device and places the order as soon as you are back online. A repeated order is recognised, so it is placed only once.',
      },
      {
        question: 'Can I ask a store for something custom?',
        answer:
          "Yes, where a store takes custom orders, such as The Maker's Workshop. Describe what you need, your timeline and budget; you get an e-mail that the store has your request, and the store replies with questions or a quote.",
        link: { label: "Visit The Maker's Workshop", to: '/makers-workshop' },
      },
    ],
  },
  {
    heading: 'Custom print requests',
    entries: [
      {
        question: 'Which files can I upload?',
        answer:
          'STL, OBJ, 3MF, STEP, G-code and PLY. Every file is checked and measured within seconds of upload, so you see its size and whether it fits before you ask for quotes.',
      },
      {
        question: 'How are quotes made?',
        answer:
          'Print farms near your ZIP code that have the right machines and room offer a price at once, worked out from their own rates. For FDM prints, the files are then sliced to give firm prices with print times.',
      },
      {
        question: 'Who sees my design files?',
        answer:
          'You, and the farm that prints your job once you accept its offer. The public list of farms never shows your files or your contact details.',
      },
      {
        question: 'How do I follow my request?',
        answer:
          'Your dashboard shows each request with its offers and status, from printing (with its progress) to shipped, with the carrier and tracking link, and delivered. You get an e-mail at each step.',
        link: { label: 'Go to your dashboard', to: '/dashboard' },
      },
    ],
  },
  {
    heading: 'Print farms',
    entries: [
      {
        question: 'How does my farm join the network?',
        answer:
          'Sign up your farm with its address and printers on the Print Farm Network page, or apply through Join Network to talk with us about starting a farm. We answer applications within 48 hours.',
        link: { label: 'Join the network', to: '/opportunity' },
      },
      {
        question: 'How do jobs reach my farm?',
        answer:
          'A customer who accepts your offer sends the job to your job inbox, and you get an e-mail. Accept, decline or counter within the answer time (24 hours); a job you decline goes to the next best farm.',
      },
      {
        question: 'Can my farm run its own store?',
        answer:
          'Yes. A store lists your printed products with prices and stock, sets its own shipping rules, and receives orders and custom order requests in its store admin.',
      },
    ],
  },
];
