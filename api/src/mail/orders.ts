// The e-mails a store sends: order confirmation, new-order notice for the owner, shipped, cancelled,
// and a custom-order request. Each returns the email.send payload with a stable message key.
import type { JobPayload } from '@printfarm/domain/queues';
import { shippingMethodName } from '@printfarm/domain/shipping';
import { countOf } from '@printfarm/domain/words';

type Email = JobPayload<'email.send'>;

export interface MailOrder {
  id: string;
  customerName: string;
  customerEmail: string;
  shippingMethod: string;
  subtotal: string;
  shippingFee: string;
  totalAmount: string;
  trackingNumber?: string | null;
  shippingAddress: { street: string; city: string; state: string; zipCode: string; country?: string };
  items: { productName: string; quantity: number; unitPrice: string }[];
}

export interface MailStore {
  displayName: string;
  storeName: string;
}

const shortId = (id: string) => id.slice(0, 8).toUpperCase();

const itemCount = (order: MailOrder) =>
  countOf(
    order.items.reduce((sum, item) => sum + item.quantity, 0),
    'item',
  );

/** '2 × Dryer Knob, $12.50 each' or '1 × Fridge Clip, $7.25'. */
function itemLine(item: MailOrder['items'][number]): string {
  const each = item.quantity === 1 ? '' : ' each';
  return `  ${item.quantity} × ${item.productName}, $${item.unitPrice}${each}`;
}

function orderLines(order: MailOrder): string[] {
  const fee = Number(order.shippingFee) === 0 ? 'Free' : `$${order.shippingFee}`;
  return [
    ...order.items.map(itemLine),
    '',
    `Subtotal: $${order.subtotal}`,
    `Shipping (${shippingMethodName(order.shippingMethod)}): ${fee}`,
    `Total: $${order.totalAmount}`,
  ];
}

function addressLines(order: MailOrder): string[] {
  const a = order.shippingAddress;
  return [order.customerName, a.street, `${a.city}, ${a.state} ${a.zipCode}`, a.country ?? 'US'];
}

export function orderConfirmationEmail(order: MailOrder, store: MailStore, orderUrl: string): Email {
  return {
    messageKey: `order-confirmation:${order.id}`,
    to: order.customerEmail,
    subject: `Your order from ${store.displayName} (#${shortId(order.id)})`,
    text: [
      `Hi ${order.customerName},`,
      '',
      `Thank you for your order from ${store.displayName}. We have received it and will let you know when it ships.`,
      '',
      `Order #${shortId(order.id)} · ${itemCount(order)}`,
      ...orderLines(order),
      '',
      'Shipping to:',
      ...addressLines(order).map((line) => `  ${line}`),
      '',
      'What happens next:',
      `  1. ${store.displayName} prints and checks your items.`,
      '  2. When your order ships, we e-mail you its tracking number.',
      '',
      `See your order at any time: ${orderUrl}`,
      '',
      `Questions? Reply to this e-mail or contact ${store.displayName} directly.`,
    ].join('\n'),
  };
}

export function newOrderEmail(
  order: MailOrder,
  store: MailStore,
  ownerEmail: string,
  adminUrl: string,
): Email {
  return {
    messageKey: `order-new:${order.id}`,
    to: ownerEmail,
    subject: `New order #${shortId(order.id)} for ${store.displayName}: $${order.totalAmount}`,
    text: [
      `${order.customerName} (${order.customerEmail}) placed an order in ${store.displayName}: ${itemCount(order)}.`,
      '',
      ...orderLines(order),
      '',
      'Ship to:',
      ...addressLines(order).map((line) => `  ${line}`),
      '',
      `Manage it in your store admin: ${adminUrl}`,
    ].join('\n'),
  };
}

export function orderShippedEmail(order: MailOrder, store: MailStore): Email {
  return {
    messageKey: `order-shipped:${order.id}`,
    to: order.customerEmail,
    subject: `Your order from ${store.displayName} has shipped (#${shortId(order.id)})`,
    text: [
      `Hi ${order.customerName},`,
      '',
      `Good news: your order #${shortId(order.id)} from ${store.displayName} is on its way.`,
      `Shipping method: ${shippingMethodName(order.shippingMethod)}`,
      `Tracking number: ${order.trackingNumber ?? ''}`,
      '',
      ...order.items.map((item) => `  ${item.quantity} × ${item.productName}`),
    ].join('\n'),
  };
}

export function orderCancelledEmail(order: MailOrder, store: MailStore): Email {
  return {
    messageKey: `order-cancelled:${order.id}`,
    to: order.customerEmail,
    subject: `Your order from ${store.displayName} was cancelled (#${shortId(order.id)})`,
    text: [
      `Hi ${order.customerName},`,
      '',
      `Your order #${shortId(order.id)} from ${store.displayName} has been cancelled. You have not been charged for it.`,
      `If this is unexpected, please contact ${store.displayName} directly.`,
    ].join('\n'),
  };
}

export interface MailCustomOrder {
  id: string;
  fullName: string;
  email: string;
  phone?: string | null;
  description: string;
  timeline?: string | null;
  budget?: string | null;
}

export function customOrderRequestEmail(
  request: MailCustomOrder,
  store: MailStore,
  ownerEmail: string,
): Email {
  return {
    messageKey: `custom-order-request:${request.id}`,
    to: ownerEmail,
    replyTo: request.email,
    subject: `Custom order request for ${store.displayName} from ${request.fullName}`,
    text: [
      `${request.fullName} asked ${store.displayName} for a custom order.`,
      '',
      `Email: ${request.email}`,
      `Phone: ${request.phone || 'not given'}`,
      `Timeline: ${request.timeline || 'not given'}`,
      `Budget: ${request.budget || 'not given'}`,
      '',
      'Project description:',
      request.description,
    ].join('\n'),
  };
}

/** To the requester: their request arrived, and what the store does next. */
export function customOrderAcknowledgementEmail(request: MailCustomOrder, store: MailStore): Email {
  return {
    messageKey: `custom-order-ack:${request.id}`,
    to: request.email,
    subject: `We received your custom order request (${store.displayName})`,
    text: [
      `Hi ${request.fullName},`,
      '',
      `Thank you for your custom order request. ${store.displayName} has it and will reply to this address with questions or a quote, usually within two business days.`,
      '',
      'Your request:',
      request.description,
      '',
      `Timeline: ${request.timeline || 'not given'}`,
      `Budget: ${request.budget || 'not given'}`,
      '',
      `Reference: ${request.id.slice(0, 8).toUpperCase()}`,
    ].join('\n'),
  };
}
