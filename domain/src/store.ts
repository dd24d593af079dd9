import * as v from 'valibot';
import {
  emailAddress,
  formObject,
  optionalText,
  optionalWebUrl,
  plainText,
  requiredParagraph,
  requiredText,
} from './fields.ts';
import { labelsOf } from './labels.ts';
import { formatCents, formatUsd, MAX_PRICE_CENTS, parseCents } from './money.ts';

export const MAX_TAGS = 20;
export const LOW_STOCK_THRESHOLD = 5;

const priceMessage = 'Price is required';

/**
 * A positive price with at most 2 decimals, up to $1,000,000.00, normalised to the API's decimal string:
 * 12.5 → '12.50'.
 */
export const priceSchema = v.pipe(
  v.union([v.string(), v.number()], priceMessage),
  v.transform((price) => (typeof price === 'number' ? String(price) : price.trim())),
  v.minLength(1, priceMessage),
  v.check((price) => (parseCents(price) ?? 0) > 0, 'Price must be a positive amount with at most 2 decimals'),
  v.check(
    (price) => (parseCents(price) ?? 0) <= MAX_PRICE_CENTS,
    `Price must be at most ${formatUsd(MAX_PRICE_CENTS)}`,
  ),
  v.transform((price) => formatCents(parseCents(price) ?? 0)),
);

const stockMessage = 'Stock quantity must be non-negative';

const productEntries = {
  name: requiredText('Product name is required'),
  description: optionalText(5000),
  price: priceSchema,
  imageUrl: optionalWebUrl('Image URL must be a valid URL'),
  category: optionalText(100),
  tags: v.optional(
    v.pipe(
      v.array(
        v.pipe(v.string(), v.trim(), v.minLength(1, 'Tags cannot be blank'), v.maxLength(50), ...plainText()),
      ),
      v.maxLength(MAX_TAGS, `At most ${MAX_TAGS} tags`),
      v.transform((tags) => [...new Set(tags)]),
    ),
  ),
  printTime: v.optional(
    v.pipe(
      v.number('Print time must be a number of minutes'),
      v.integer('Print time must be whole minutes'),
      v.minValue(0, 'Print time must be non-negative'),
      v.maxValue(100_000, 'Print time must be at most 100000 minutes'),
    ),
  ),
  materialType: optionalText(100),
  stockQuantity: v.pipe(
    v.number(stockMessage),
    v.integer('Stock quantity must be a whole number'),
    v.minValue(0, stockMessage),
    v.maxValue(1_000_000, 'Stock quantity must be at most 1000000'),
  ),
  isActive: v.optional(v.boolean()),
};

/** Creating a product; stock defaults to 0 like the column. */
export const productSchema = formObject({
  ...productEntries,
  stockQuantity: v.optional(productEntries.stockQuantity, 0),
});

/** Editing a product: every field optional, and nothing absent is reset to a default. */
export const productUpdateSchema = v.partial(formObject(productEntries));

export const storeSettingsSchema = formObject({
  displayName: requiredText('Store name is required'),
  description: optionalText(2000),
  logoUrl: optionalWebUrl('Logo URL must be a valid URL'),
  bannerUrl: optionalWebUrl('Banner URL must be a valid URL'),
});

/** The workshop store's 'Request Custom Order' dialog. */
export const customOrderSchema = formObject({
  fullName: requiredText('Full name is required'),
  email: emailAddress('Valid email is required'),
  phone: optionalText(30),
  description: requiredParagraph('Project description is required', 5000),
  timeline: optionalText(200),
  budget: optionalText(200),
});

/** Where a custom order request stands, as the store sets it in its Requests tab. */
export const CUSTOM_ORDER_STATUSES = ['new', 'contacted', 'quoted', 'accepted', 'declined'] as const;
export type CustomOrderStatus = (typeof CUSTOM_ORDER_STATUSES)[number];
export const CUSTOM_ORDER_STATUS_LABELS = labelsOf(CUSTOM_ORDER_STATUSES);

export const customOrderStatusSchema = formObject({
  status: v.picklist(CUSTOM_ORDER_STATUSES, 'Choose a status'),
});

export type ProductInput = v.InferInput<typeof productSchema>;
export type Product = v.InferOutput<typeof productSchema>;
export type ProductUpdate = v.InferOutput<typeof productUpdateSchema>;
export type StoreSettingsInput = v.InferInput<typeof storeSettingsSchema>;
export type StoreSettings = v.InferOutput<typeof storeSettingsSchema>;
export type CustomOrderInput = v.InferInput<typeof customOrderSchema>;
export type CustomOrder = v.InferOutput<typeof customOrderSchema>;

/** 'Only N left' when 1 to 5 are in stock, otherwise no badge. */
export function lowStockLabel(stockQuantity: number): string | null {
  return stockQuantity >= 1 && stockQuantity <= LOW_STOCK_THRESHOLD ? `Only ${stockQuantity} left` : null;
}

/** Estimated print hours shown on a card: minutes / 60, rounded up. */
export function printHours(minutes: number): number {
  return Math.ceil(minutes / 60);
}

/** Out-of-stock products cannot be added to the cart. */
export function canAddToCart(stockQuantity: number): boolean {
  return stockQuantity > 0;
}

/** 'resin, minis,  terrain' → ['resin', 'minis', 'terrain'] for a comma-separated tags input. */
export function parseTags(text: string): string[] {
  const tags = text
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);
  return [...new Set(tags)];
}
