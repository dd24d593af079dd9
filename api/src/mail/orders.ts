// The e-mails a store sends: order confirmation, new-order notice for the owner, shipped, cancelled,
// and a custom-order request. Each returns the email.send payload with a stable message key.
import type { JobPayload } from '@printfarm/domain/queues';
import { isShippingMethodId, SHIPPING_METHODS } from '@printfarm/domain/shipping';

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

function methodLabel(method: string): string {
  return isShippingMethodId(method) ? SHIPPING_METHODS[method].label : method;
}

function orderLines(order: MailOrder): string[] {
  return [
    ...order.items.map((item) => `  ${item.quantity} x ${item.productName} @ $${item.unitPrice}`),
    '',
    `Subtotal: $${order.subtotal}`,
    `Shipping (${methodLabel(order.shippingMethod)}): $${order.shippingFee}`,
    `Total: $${order.totalAmount}`,
  ];
}

function addressLines(order: MailOrder): string[] {
  const a = order.shippingAddress;
  return [order.customerName, a.street, `${a.city}, ${a.state} ${a.zipCode}`, a.country ?? 'US'];
}

export function orderConfirmationEmail(order: MailOrder, store: MailStore): Email {
  return {
    messageKey: `order-confirmation:${order.id}`,
    to: order.customerEmail,
    subject: `Your order from ${store.displayName} (#${shortId(order.id)})`,
    text: [
      `Hi ${order.customerName},`,
      '',
      `Thank you for your order from ${store.displayName}. We have received it and will let you know when it ships.`,
      '',
      `Order #${shortId(order.id)}`,
      ...orderLines(order),
      '',
      'Shipping to:',
      ...addressLines(order).map((line) => `  ${line}`),
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
      `${order.customerName} (${order.customerEmail}) placed an order in ${store.displayName}.`,
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
      `Shipping method: ${methodLabel(order.shippingMethod)}`,
      `Tracking number: ${order.trackingNumber ?? ''}`,
      '',
      ...order.items.map((item) => `  ${item.quantity} x ${item.productName}`),
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
