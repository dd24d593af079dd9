// A store's order e-mails: the shopper's confirmation, the owner's new-order notice, shipped and cancelled.
import { paymentHoldsMoney, paymentInstructions } from '@printfarm/domain/charges';
import { formatCents, formatUsd, parseCents } from '@printfarm/domain/money';
import { orderPaymentDeadline } from '@printfarm/domain/order';
import { shippingMethodName } from '@printfarm/domain/shipping';
import { shortId } from '@printfarm/domain/shortId';
import { trackingUrl } from '@printfarm/domain/tracking';
import { countOf } from '@printfarm/domain/words';
import { createElement as h, type ReactNode } from 'react';
import { compose, type Email } from './compose.ts';
import {
  ActionButton,
  Facts,
  factLines,
  InlineLink,
  type Line,
  Lines,
  LineTable,
  Paragraph,
  Steps,
  Subheading,
  type TextFact,
} from './parts.ts';

export interface MailOrder {
  id: string;
  customerName: string;
  customerEmail: string;
  shippingMethod: string;
  subtotal: string;
  shippingFee: string;
  totalAmount: string;
  carrier?: string | null;
  trackingNumber?: string | null;
  shippingAddress: { street: string; city: string; state: string; zipCode: string; country?: string };
  items: { productName: string; quantity: number; unitPrice: string }[];
  /** The order's payment (e-mails recorded before orders took payment carry none). */
  payment?: MailOrderPayment | null;
}

/** What the shopper pays for an order and how. */
export interface MailOrderPayment {
  reference: string;
  amountCents: number;
  /** By card; otherwise by bank transfer (ACH) or a payment app. */
  card: boolean;
  /** How to pay by bank transfer, with the reference and staff's words; null for a card. */
  instructions: string | null;
  /** Money has arrived (or a card is authorised): cancelling the order gives it back. */
  paid: boolean;
}

/** A decimal column as the database client gives it (Prisma's Decimal). */
interface Decimal {
  toFixed(digits: number): string;
}

/** A payment row, as far as the order's e-mails tell it. */
interface PaymentRecord {
  provider: string;
  reference: string;
  amountCents: number;
  receivedCents: number;
  status: string;
}

/** The payment as the order's e-mails tell it; `paymentWords` are staff's words on paying by transfer. */
export function mailOrderPayment(payment: PaymentRecord, paymentWords: string): MailOrderPayment {
  const card = payment.provider === 'stripe';
  return {
    reference: payment.reference,
    amountCents: payment.amountCents,
    card,
    instructions: card ? null : paymentInstructions(payment.amountCents, payment.reference, paymentWords),
    paid: paymentHoldsMoney(payment),
  };
}

/** An order row with its items and payments, as the database reads it. */
export interface OrderRecord {
  id: string;
  customerName: string;
  customerEmail: string;
  shippingMethod: string;
  subtotal: Decimal;
  shippingFee: Decimal;
  totalAmount: Decimal;
  carrier: string | null;
  trackingNumber: string | null;
  shippingAddress: unknown;
  items: { productName: string; quantity: number; unitPrice: Decimal }[];
  payments: PaymentRecord[];
}

/** The order as its e-mails after the confirmation take it: whether money was paid, not how to pay. */
export function mailOrderOf(order: OrderRecord): MailOrder {
  const [payment] = order.payments;
  return {
    id: order.id,
    customerName: order.customerName,
    customerEmail: order.customerEmail,
    shippingMethod: order.shippingMethod,
    subtotal: order.subtotal.toFixed(2),
    shippingFee: order.shippingFee.toFixed(2),
    totalAmount: order.totalAmount.toFixed(2),
    carrier: order.carrier,
    trackingNumber: order.trackingNumber,
    shippingAddress: order.shippingAddress as MailOrder['shippingAddress'],
    items: order.items.map((item) => ({
      productName: item.productName,
      quantity: item.quantity,
      unitPrice: item.unitPrice.toFixed(2),
    })),
    payment: payment ? mailOrderPayment(payment, '') : null,
  };
}

export interface MailStore {
  displayName: string;
  storeName: string;
}

/** A store as its messages take it: the two names, not the row (a deferred e-mail carries its input). */
export const mailStore = (store: MailStore): MailStore => ({
  displayName: store.displayName,
  storeName: store.storeName,
});

const itemCount = (order: MailOrder) =>
  countOf(
    order.items.reduce((sum, item) => sum + item.quantity, 0),
    'item',
  );

/** '$12.50 each' for more than one, '$7.25' for one. */
const unitPrice = (item: MailOrder['items'][number]) =>
  `$${item.unitPrice}${item.quantity === 1 ? '' : ' each'}`;

const itemName = (item: MailOrder['items'][number]) => `${item.quantity} × ${item.productName}`;

/** Subtotal, shipping (with the method's name) and total, as label and amount. */
function totals(order: MailOrder): TextFact[] {
  const fee = Number(order.shippingFee) === 0 ? 'Free' : `$${order.shippingFee}`;
  return [
    ['Subtotal', `$${order.subtotal}`],
    [`Shipping (${shippingMethodName(order.shippingMethod)})`, fee],
    ['Total', `$${order.totalAmount}`],
  ];
}

/** '  2 × Dryer Knob, $12.50 each', then the totals. */
function orderText(order: MailOrder): string[] {
  return [
    ...order.items.map((item) => `  ${itemName(item)}, ${unitPrice(item)}`),
    '',
    ...factLines(totals(order)),
  ];
}

function OrderTable({ order }: { order: MailOrder }) {
  const lines: Line[] = order.items.map((item) => ({
    title: itemName(item),
    detail: unitPrice(item),
    amount: `$${formatCents((parseCents(item.unitPrice) ?? 0) * item.quantity)}`,
  }));
  return h(LineTable, { lines, totals: totals(order) });
}

function paymentFacts(payment: MailOrderPayment): TextFact[] {
  return [
    ['Amount due', formatUsd(payment.amountCents)],
    ['Pay by', payment.card ? 'Card' : 'Bank transfer (ACH) or payment app'],
    ['Reference', payment.reference],
  ];
}

/** How to pay: the transfer's instructions, or what happens with the card; and by when. */
const howToPay = (payment: MailOrderPayment) =>
  `${payment.instructions ?? 'Your card is charged when you confirm the payment at checkout.'} ${orderPaymentDeadline(payment.card)}`;

function addressLines(order: MailOrder): string[] {
  const a = order.shippingAddress;
  return [order.customerName, a.street, `${a.city}, ${a.state} ${a.zipCode}`, a.country ?? 'US'];
}

/** An e-mail to the order's customer about it ('order-shipped:<id>'): 'Hi <name>,', then the body. */
function toCustomer(
  order: MailOrder,
  news: string,
  subject: string,
  body: { preview: string; html: readonly ReactNode[]; text: readonly string[] },
): Promise<Email> {
  const greeting = `Hi ${order.customerName},`;
  return compose({
    messageKey: `order-${news}:${order.id}`,
    to: order.customerEmail,
    subject,
    preview: body.preview,
    html: [h(Paragraph, null, greeting), ...body.html],
    text: [greeting, '', ...body.text],
  });
}

export function orderConfirmationEmail(order: MailOrder, store: MailStore, orderUrl: string): Promise<Email> {
  const number = `Order #${shortId(order.id)} · ${itemCount(order)}`;
  const thanks = `Thank you for your order from ${store.displayName}. We have received it and will let you know when it ships.`;
  const { payment } = order;
  const steps = [
    ...(payment ? ['We e-mail you as soon as your payment arrives.'] : []),
    `${store.displayName} prints and checks your items.`,
    'When your order ships, we e-mail you its tracking number.',
  ];
  const questions = `Questions? Reply to this e-mail or contact ${store.displayName} directly.`;
  return toCustomer(order, 'confirmation', `Your order from ${store.displayName} (#${shortId(order.id)})`, {
    preview: thanks,
    html: [
      h(Paragraph, null, thanks),
      h(Subheading, null, number),
      h(OrderTable, { order }),
      ...(payment
        ? [
            h(Subheading, null, 'Payment'),
            h(Facts, { rows: paymentFacts(payment) }),
            h(Paragraph, null, howToPay(payment)),
          ]
        : []),
      h(Lines, { title: 'Shipping to:', lines: addressLines(order) }),
      h(Steps, { title: 'What happens next:', steps }),
      h(Paragraph, null, 'See your order at any time:'),
      h(ActionButton, { href: orderUrl }, 'See your order'),
      h(Paragraph, { muted: true }, questions),
    ],
    text: [
      thanks,
      '',
      number,
      ...orderText(order),
      '',
      ...(payment
        ? ['Payment:', ...factLines(paymentFacts(payment)).map((line) => `  ${line}`), howToPay(payment), '']
        : []),
      'Shipping to:',
      ...addressLines(order).map((line) => `  ${line}`),
      '',
      'What happens next:',
      ...steps.map((step, i) => `  ${i + 1}. ${step}`),
      '',
      `See your order at any time: ${orderUrl}`,
      '',
      questions,
    ],
  });
}

export function newOrderEmail(
  order: MailOrder,
  store: MailStore,
  ownerEmail: string,
  adminUrl: string,
): Promise<Email> {
  const placed = `${order.customerName} (${order.customerEmail}) placed an order in ${store.displayName}: ${itemCount(order)}.`;
  return compose({
    messageKey: `order-new:${order.id}`,
    to: ownerEmail,
    subject: `New order #${shortId(order.id)} for ${store.displayName}: $${order.totalAmount}`,
    preview: placed,
    html: [
      h(Paragraph, null, placed),
      h(OrderTable, { order }),
      h(Lines, { title: 'Ship to:', lines: addressLines(order) }),
      h(Paragraph, null, 'Manage it in your store admin:'),
      h(ActionButton, { href: adminUrl }, 'Open your store admin'),
    ],
    text: [
      placed,
      '',
      ...orderText(order),
      '',
      'Ship to:',
      ...addressLines(order).map((line) => `  ${line}`),
      '',
      `Manage it in your store admin: ${adminUrl}`,
    ],
  });
}

// orderUrl may be missing from shipped e-mails recorded in the outbox before orders had it.
export function orderShippedEmail(order: MailOrder, store: MailStore, orderUrl = ''): Promise<Email> {
  const news = `Good news: your order #${shortId(order.id)} from ${store.displayName} is on its way.`;
  const tracking =
    order.carrier && order.trackingNumber ? trackingUrl(order.carrier, order.trackingNumber) : null;
  const facts: TextFact[] = [
    ['Shipping method', shippingMethodName(order.shippingMethod)],
    ...(order.carrier ? [['Carrier', order.carrier] as const] : []),
    ['Tracking number', order.trackingNumber ?? ''],
  ];
  return toCustomer(
    order,
    'shipped',
    `Your order from ${store.displayName} has shipped (#${shortId(order.id)})`,
    {
      preview: news,
      html: [
        h(Paragraph, null, news),
        h(Facts, { rows: facts }),
        ...(tracking ? [h(ActionButton, { href: tracking }, 'Track your parcel')] : []),
        h(Lines, { lines: order.items.map(itemName) }),
        ...(orderUrl
          ? [h(Paragraph, null, 'Your order: ', h(InlineLink, { href: orderUrl }, `#${shortId(order.id)}`))]
          : []),
      ],
      text: [
        news,
        ...factLines(facts),
        ...(tracking ? [`Track your parcel: ${tracking}`] : []),
        '',
        ...order.items.map((item) => `  ${itemName(item)}`),
        ...(orderUrl ? ['', `See your order at any time: ${orderUrl}`] : []),
      ],
    },
  );
}

/** Sent once, when the store marks the order delivered (it can be delivered only once). */
export function orderDeliveredEmail(order: MailOrder, store: MailStore, orderUrl: string): Promise<Email> {
  const news = `Your order #${shortId(order.id)} from ${store.displayName} has been delivered. We hope you enjoy it!`;
  const contact = `If anything is wrong with it, please contact ${store.displayName}.`;
  return toCustomer(
    order,
    'delivered',
    `Your order from ${store.displayName} has been delivered (#${shortId(order.id)})`,
    {
      preview: news,
      html: [
        h(Paragraph, null, news),
        h(Lines, { lines: order.items.map(itemName) }),
        h(ActionButton, { href: orderUrl }, 'See your order'),
        h(Paragraph, null, contact),
      ],
      text: [
        news,
        '',
        ...order.items.map((item) => `  ${itemName(item)}`),
        '',
        `See your order at any time: ${orderUrl}`,
        '',
        contact,
      ],
    },
  );
}

/** `why`: the reason the store did not give, when the order was cancelled for it (never paid). */
export function orderCancelledEmail(order: MailOrder, store: MailStore, why = ''): Promise<Email> {
  const { payment } = order;
  const charge = payment?.paid
    ? `Your payment of ${formatUsd(payment.amountCents)} (reference ${payment.reference}) goes back to you; a separate e-mail confirms the refund.`
    : `You have not been charged for it${payment ? `; please do not send the payment (reference ${payment.reference})` : ''}.`;
  const cancelled = `Your order #${shortId(order.id)} from ${store.displayName} has been cancelled.${why ? ` ${why}` : ''} ${charge}`;
  const contact = `If this is unexpected, please contact ${store.displayName} directly.`;
  return toCustomer(
    order,
    'cancelled',
    `Your order from ${store.displayName} was cancelled (#${shortId(order.id)})`,
    {
      preview: cancelled,
      html: [h(Paragraph, null, cancelled), h(Paragraph, null, contact)],
      text: [cancelled, contact],
    },
  );
}
