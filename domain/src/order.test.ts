import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  canTransitionOrder,
  ORDER_STATUSES,
  orderDetailsSchema,
  orderStatusLabel,
  orderStatusUpdateSchema,
  orderSubtotalCents,
  orderTotalCents,
  placeOrderSchema,
  ZIP_CODE_MESSAGE,
} from './order.ts';
import { validate } from './validation.ts';

const details = {
  customerName: 'Ada Park',
  customerEmail: 'ada@example.com',
  shippingAddress: { street: '9 Elm St', city: 'Boise', state: 'ID', zipCode: '83702' },
};
const productId = '3f1c2a4e-8b7d-4c6e-9f0a-1b2c3d4e5f60';

function fieldErrors(schema: v.GenericSchema, input: unknown) {
  const result = validate(schema, input);
  return result.success ? {} : result.error.fields;
}

describe('orderDetailsSchema', () => {
  it('defaults the country to US and the shipping method to standard', () => {
    expect(v.parse(orderDetailsSchema, details)).toEqual({
      ...details,
      shippingAddress: { ...details.shippingAddress, country: 'US' },
      shippingMethod: 'standard',
    });
  });

  it('treats a blank country as US', () => {
    const output = v.parse(orderDetailsSchema, {
      ...details,
      shippingAddress: { ...details.shippingAddress, country: ' ' },
    });
    expect(output.shippingAddress.country).toBe('US');
  });

  it('gives the spec messages, with dotted paths for the address', () => {
    expect(
      fieldErrors(orderDetailsSchema, {
        customerName: '',
        customerEmail: 'nope',
        shippingAddress: { street: '', city: '', state: '', zipCode: '' },
      }),
    ).toEqual({
      customerName: 'Name is required',
      customerEmail: 'Valid email is required',
      'shippingAddress.street': 'Street address is required',
      'shippingAddress.city': 'City is required',
      'shippingAddress.state': 'State is required',
      'shippingAddress.zipCode': 'ZIP code is required',
    });
  });

  it('takes only one of the 50 state codes and a 5-digit ZIP or ZIP+4, the same on both sides', () => {
    const address = (state: string, zipCode: string) =>
      fieldErrors(orderDetailsSchema, {
        ...details,
        shippingAddress: { ...details.shippingAddress, state, zipCode },
      });
    expect(address('North Carolina', 'ABC')).toEqual({
      'shippingAddress.state': 'State is required',
      'shippingAddress.zipCode': ZIP_CODE_MESSAGE,
    });
    for (const zip of ['2760', '276011', '27601-12', '27601 1234', 'ABCDE']) {
      expect(address('NC', zip), zip).toEqual({ 'shippingAddress.zipCode': ZIP_CODE_MESSAGE });
    }
    expect(address('DC', '20001')).toEqual({ 'shippingAddress.state': 'State is required' });
    const output = v.parse(orderDetailsSchema, {
      ...details,
      shippingAddress: { ...details.shippingAddress, state: ' nc ', zipCode: ' 27601-1234 ' },
    });
    expect([output.shippingAddress.state, output.shippingAddress.zipCode]).toEqual(['NC', '27601-1234']);
  });

  it('says which address fields are missing when keys are absent', () => {
    expect(fieldErrors(orderDetailsSchema, { ...details, shippingAddress: {} })).toEqual({
      'shippingAddress.street': 'Street address is required',
      'shippingAddress.city': 'City is required',
      'shippingAddress.state': 'State is required',
      'shippingAddress.zipCode': 'ZIP code is required',
    });
    expect(fieldErrors(orderDetailsSchema, { ...details, shippingAddress: undefined })).toEqual({
      shippingAddress: 'Shipping address is required',
    });
  });

  it('refuses an unknown shipping method', () => {
    expect(fieldErrors(orderDetailsSchema, { ...details, shippingMethod: 'drone' })).toEqual({
      shippingMethod: 'Choose a shipping method',
    });
  });
});

describe('placeOrderSchema', () => {
  const order = {
    ...details,
    shippingMethod: 'expedited',
    totalAmount: '30.00',
    items: [{ productId, quantity: 2, unitPrice: '15.00', customizations: { color: 'red', engraved: true } }],
  };

  it('accepts the body the checkout sends', () => {
    expect(v.parse(placeOrderSchema, order).items).toEqual(order.items);
  });

  it('says the cart is empty when there are no items', () => {
    expect(fieldErrors(placeOrderSchema, { ...order, items: [] })).toEqual({ items: 'Your cart is empty' });
    const { items: _items, ...withoutItems } = order;
    expect(fieldErrors(placeOrderSchema, withoutItems)).toEqual({ items: 'Your cart is empty' });
  });

  it('checks each item', () => {
    const items = [
      { productId: 'not-a-uuid', quantity: 1 },
      { productId, quantity: 0 },
    ];
    expect(fieldErrors(placeOrderSchema, { ...order, items })).toEqual({
      'items.0.productId': 'Invalid product',
      'items.1.quantity': 'Quantity must be at least 1',
    });
    expect(fieldErrors(placeOrderSchema, { ...order, items: [{ productId, quantity: 101 }] })).toEqual({
      'items.0.quantity': 'Quantity must be at most 100',
    });
    expect(
      fieldErrors(placeOrderSchema, { ...order, items: [{ productId, quantity: 1.5, unitPrice: 'free' }] }),
    ).toEqual({
      'items.0.quantity': 'Quantity must be a whole number',
      'items.0.unitPrice': 'Invalid price',
    });
  });

  // A name or an address line is one line: a break would start a paragraph of its own in the plain
  // text of the store's new-order e-mail ('STORE NOTICE: payouts are paused. Re-verify your bank at …').
  it('keeps names and address lines to one line', () => {
    const name = 'Una\n\nSTORE NOTICE: payouts are paused. Re-verify your bank at https://example.test';
    expect(fieldErrors(placeOrderSchema, { ...order, customerName: name })).toEqual({
      customerName: 'Must be on one line',
    });
    const shippingAddress = { ...order.shippingAddress, street: '5 Main St\r\nApt 2' };
    expect(fieldErrors(placeOrderSchema, { ...order, shippingAddress })).toEqual({
      'shippingAddress.street': 'Must be on one line',
    });
  });

  it('reads a product id in any case as the one the database stores', () => {
    const parsed = v.parse(placeOrderSchema, {
      ...order,
      items: [{ productId: productId.toUpperCase(), quantity: 1 }],
    });
    expect(parsed.items[0]?.productId).toBe(productId);
  });

  it('refuses the same product on two lines, in any case', () => {
    const items = [
      { productId, quantity: 1 },
      { productId: productId.toUpperCase(), quantity: 2 },
    ];
    expect(fieldErrors(placeOrderSchema, { ...order, items })).toEqual({
      items: 'Each product may appear only once',
    });
  });
});

describe('order totals', () => {
  const lines = [
    { unitPriceCents: 1500, quantity: 2 },
    { unitPriceCents: 799, quantity: 3 },
  ];

  it('sums price times quantity', () => {
    expect(orderSubtotalCents(lines)).toBe(3000 + 2397);
  });

  it('adds the shipping fee to the total', () => {
    expect(orderTotalCents(lines, 'standard')).toBe(5397);
    expect(orderTotalCents(lines, 'overnight')).toBe(5397 + 2499);
  });

  it("uses the store's own rules when it has them", () => {
    const rates = { feesCents: { standard: 500, expedited: 1299 }, freeOverCents: 7500 };
    expect(orderTotalCents(lines, 'standard', rates)).toBe(5397 + 500);
    expect(orderTotalCents(lines, 'expedited', rates)).toBe(5397 + 1299);
    expect(orderTotalCents([{ unitPriceCents: 7500, quantity: 1 }], 'standard', rates)).toBe(7500);
  });
});

describe('order status', () => {
  it('allows only the forward transitions', () => {
    const allowed = ORDER_STATUSES.flatMap((from) =>
      ORDER_STATUSES.filter((to) => canTransitionOrder(from, to)).map((to) => `${from}→${to}`),
    );
    expect(allowed).toEqual([
      'pending→processing',
      'pending→cancelled',
      'processing→shipped',
      'processing→cancelled',
      'shipped→delivered',
    ]);
  });

  it('names each status as people write it', () => {
    expect(ORDER_STATUSES.map(orderStatusLabel)).toEqual([
      'Pending',
      'Processing',
      'Shipped',
      'Delivered',
      'Cancelled',
    ]);
    expect(orderStatusLabel('on hold')).toBe('on hold');
  });

  it('needs a carrier and a tracking number to ship', () => {
    expect(fieldErrors(orderStatusUpdateSchema, { status: 'shipped' })).toEqual({
      carrier: 'Choose a carrier',
      trackingNumber: 'Tracking number is required',
    });
    expect(
      fieldErrors(orderStatusUpdateSchema, { status: 'shipped', carrier: 'UPS', trackingNumber: '  ' }),
    ).toEqual({ trackingNumber: 'Tracking number is required' });
    expect(
      fieldErrors(orderStatusUpdateSchema, { status: 'shipped', carrier: 'Pigeon', trackingNumber: '1Z9' }),
    ).toEqual({ carrier: 'Choose a carrier' });
    expect(
      v.parse(orderStatusUpdateSchema, { status: 'shipped', carrier: 'UPS', trackingNumber: '1Z999' }),
    ).toEqual({ status: 'shipped', carrier: 'UPS', trackingNumber: '1Z999' });
    expect(v.parse(orderStatusUpdateSchema, { status: 'processing' })).toEqual({ status: 'processing' });
  });
});
