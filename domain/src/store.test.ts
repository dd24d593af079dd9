import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  canAddToCart,
  customOrderSchema,
  lowStockLabel,
  parseTags,
  printHours,
  productSchema,
  productUpdateSchema,
  storeSettingsSchema,
} from './store.ts';
import { validate } from './validation.ts';

function fieldErrors(schema: v.GenericSchema, input: unknown) {
  const result = validate(schema, input);
  return result.success ? {} : result.error.fields;
}

describe('productSchema', () => {
  it('normalises the price and defaults stock to 0', () => {
    expect(v.parse(productSchema, { name: ' Dryer knob ', price: '12.5' })).toEqual({
      name: 'Dryer knob',
      price: '12.50',
      stockQuantity: 0,
    });
    expect(v.parse(productSchema, { name: 'Clip', price: 8, stockQuantity: 3 }).price).toBe('8.00');
  });

  it('gives the spec messages', () => {
    expect(fieldErrors(productSchema, { name: '', price: '', stockQuantity: -1 })).toEqual({
      name: 'Product name is required',
      price: 'Price is required',
      stockQuantity: 'Stock quantity must be non-negative',
    });
    expect(fieldErrors(productSchema, {})).toEqual({
      name: 'Product name is required',
      price: 'Price is required',
    });
  });

  it('wants a positive price with at most 2 decimals', () => {
    const message = 'Price must be a positive amount with at most 2 decimals';
    for (const price of ['0', '0.00', '1.999', '-3', 'ten', '100000000']) {
      expect(fieldErrors(productSchema, { name: 'Clip', price })).toEqual({ price: message });
    }
  });

  it('caps a price at $1,000,000.00, so its cents fit a payment', () => {
    for (const price of ['1000000', '1000000.00', 1_000_000]) {
      expect(v.parse(productSchema, { name: 'Statue', price }).price).toBe('1000000.00');
    }
    for (const price of ['1000000.01', '99999999.99', 21_474_836.48]) {
      expect(fieldErrors(productSchema, { name: 'Statue', price })).toEqual({
        price: 'Price must be at most $1,000,000.00',
      });
    }
  });

  it('checks the optional fields', () => {
    expect(
      fieldErrors(productSchema, {
        name: 'Clip',
        price: '5',
        imageUrl: 'javascript:alert(1)',
        printTime: 12.5,
        tags: ['a', ''],
      }),
    ).toEqual({
      imageUrl: 'Image URL must be a valid URL',
      printTime: 'Print time must be whole minutes',
      'tags.1': 'Tags cannot be blank',
    });
  });

  it('removes repeated tags', () => {
    expect(
      v.parse(productSchema, { name: 'Clip', price: '5', tags: ['hvac', ' hvac', 'clip'] }).tags,
    ).toEqual(['hvac', 'clip']);
  });
});

describe('productUpdateSchema', () => {
  it('changes only what is sent', () => {
    expect(v.parse(productUpdateSchema, { price: '9.90' })).toEqual({ price: '9.90' });
  });

  it('still checks what is sent', () => {
    expect(fieldErrors(productUpdateSchema, { name: ' ', stockQuantity: -2 })).toEqual({
      name: 'Product name is required',
      stockQuantity: 'Stock quantity must be non-negative',
    });
  });
});

describe('storeSettingsSchema', () => {
  it('needs a store name and accepts empty image addresses', () => {
    expect(fieldErrors(storeSettingsSchema, { displayName: '' })).toEqual({
      displayName: 'Store name is required',
    });
    expect(
      v.parse(storeSettingsSchema, { displayName: 'Minis', logoUrl: '', bannerUrl: 'cdn.example/b.png' }),
    ).toEqual({
      displayName: 'Minis',
      logoUrl: '',
      bannerUrl: 'https://cdn.example/b.png',
    });
  });

  it('refuses addresses that are not web addresses', () => {
    expect(
      fieldErrors(storeSettingsSchema, { displayName: 'Minis', logoUrl: 'data:image/png;base64,AA' }),
    ).toEqual({
      logoUrl: 'Logo URL must be a valid URL',
    });
  });
});

describe('customOrderSchema', () => {
  it('gives the dialog its messages', () => {
    expect(fieldErrors(customOrderSchema, { fullName: '', email: 'x', description: '' })).toEqual({
      fullName: 'Full name is required',
      email: 'Valid email is required',
      description: 'Project description is required',
    });
  });

  it('accepts the optional fields', () => {
    const order = {
      fullName: 'Lee',
      email: 'lee@example.com',
      phone: '',
      description: 'A jig for a router table',
      timeline: '2 weeks',
      budget: '$50-100',
    };
    expect(v.parse(customOrderSchema, order)).toEqual(order);
  });
});

describe('storefront helpers', () => {
  it('shows a low-stock badge from 1 to 5', () => {
    expect(lowStockLabel(0)).toBeNull();
    expect(lowStockLabel(1)).toBe('Only 1 left');
    expect(lowStockLabel(5)).toBe('Only 5 left');
    expect(lowStockLabel(6)).toBeNull();
  });

  it('rounds print time up to whole hours', () => {
    expect(printHours(0)).toBe(0);
    expect(printHours(1)).toBe(1);
    expect(printHours(60)).toBe(1);
    expect(printHours(61)).toBe(2);
  });

  it('keeps out-of-stock products out of the cart', () => {
    expect(canAddToCart(0)).toBe(false);
    expect(canAddToCart(1)).toBe(true);
  });

  it('reads comma-separated tags', () => {
    expect(parseTags(' resin, minis,, terrain ,minis')).toEqual(['resin', 'minis', 'terrain']);
    expect(parseTags('')).toEqual([]);
  });
});
