// Claims on a delivered job: the customer's reasons and photos, the operator's answer (a reprint or a
// refund), the customer's dispute, and staff's decision. The claims window itself is a platform setting.
import * as v from 'valibot';
import { formObject, optionalText, textOfAtLeast } from './fields.ts';

export const CLAIM_REASONS = {
  damaged: 'Arrived damaged',
  defective: 'Print defects (layers, warping, stringing)',
  wrong: 'Wrong part, material or colour',
  missing: 'Parts missing',
  other: 'Something else',
} as const;
export type ClaimReason = keyof typeof CLAIM_REASONS;

/** Photos: up to 5, each at most 3 MB, JPEG, PNG or WebP (checked by their bytes, not their names). */
export const CLAIM_PHOTOS = { max: 5, maxBytes: 3 * 1024 * 1024 } as const;
/** The longest data URL a photo may be: its bytes in base64 (4/3, with room for line breaks) and a header. */
const CLAIM_PHOTO_MAX_CHARS = Math.ceil(CLAIM_PHOTOS.maxBytes * 1.4) + 100;
const CLAIM_DETAILS_MAX = 2000;
/**
 * The largest JSON body claimSchema can accept: five photos of base64 text, the details with every
 * character escaped (\uXXXX) and a kilobyte for the rest. The claim route's body limit.
 */
export const CLAIM_BODY_MAX_BYTES =
  CLAIM_PHOTOS.max * (CLAIM_PHOTO_MAX_CHARS + 3) + CLAIM_DETAILS_MAX * 6 + 1024;

export const claimSchema = formObject({
  reason: v.picklist(Object.keys(CLAIM_REASONS) as ClaimReason[], 'Choose what went wrong'),
  details: textOfAtLeast(10, 'Describe the problem in at least 10 characters', CLAIM_DETAILS_MAX),
  photos: v.optional(
    v.pipe(
      v.array(
        v.pipe(v.string('Each photo must be a data URL'), v.maxLength(CLAIM_PHOTO_MAX_CHARS)),
        'Photos must be a list',
      ),
      v.maxLength(CLAIM_PHOTOS.max, `Attach at most ${CLAIM_PHOTOS.max} photos`),
    ),
    [],
  ),
});
export type ClaimInput = v.InferOutput<typeof claimSchema>;

export const claimAnswerSchema = v.pipe(
  formObject({
    resolution: v.picklist(['reprint', 'refund'], 'Choose a reprint or a refund'),
    refundCents: v.optional(
      v.pipe(
        v.number('Refund must be an amount in cents'),
        v.integer('Refund must be a whole number of cents'),
        v.minValue(1, 'Refund must be more than $0.00'),
      ),
    ),
    message: optionalText(1000),
  }),
  v.forward(
    v.check(
      (answer) => answer.resolution !== 'refund' || answer.refundCents !== undefined,
      'Enter the amount to refund',
    ),
    ['refundCents'],
  ),
);
export type ClaimAnswer = v.InferOutput<typeof claimAnswerSchema>;

export const claimDisputeSchema = formObject({
  reason: textOfAtLeast(10, 'Say in at least 10 characters why the answer does not settle it', 1000),
});

export const claimDecisionSchema = formObject({
  refundCents: v.pipe(
    v.number('Refund must be an amount in cents'),
    v.integer('Refund must be a whole number of cents'),
    v.minValue(0, 'Refund cannot be negative'),
  ),
  answer: textOfAtLeast(5, 'Explain the decision to both sides', 1000),
});

const SIGNATURES: readonly [type: string, bytes: readonly number[], offset: number][] = [
  ['image/jpeg', [0xff, 0xd8, 0xff], 0],
  ['image/png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 0],
  ['image/webp', [0x57, 0x45, 0x42, 0x50], 8],
];

/** The image type its bytes say it is (JPEG, PNG, WebP), or null: names and claimed types are not trusted. */
export function photoType(bytes: Uint8Array): string | null {
  for (const [type, signature, offset] of SIGNATURES) {
    if (signature.every((byte, i) => bytes[offset + i] === byte)) {
      if (type === 'image/webp' && !(bytes[0] === 0x52 && bytes[1] === 0x49 && bytes[2] === 0x46)) continue;
      return type;
    }
  }
  return null;
}

// Whole groups of four, the last one possibly shortened or padded: what atob can decode.
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}(?:==)?|[A-Za-z0-9+/]{3}=?)?$/;

/** 'data:image/png;base64,....' → its bytes, or null when it is not a well-formed base64 data URL. */
export function dataUrlBytes(dataUrl: string): Uint8Array | null {
  const match = /^data:[\w/+.-]*;base64,([A-Za-z0-9+/=\s]+)$/.exec(dataUrl);
  const base64 = match?.[1]?.replace(/\s/g, '');
  if (!base64 || !BASE64.test(base64)) return null;
  try {
    return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
  } catch {
    return null;
  }
}
