import * as v from 'valibot';
import { accountEmail, formObject, requiredText } from './fields.ts';

export const ROLES = ['customer', 'operator', 'staff'] as const;
export type Role = (typeof ROLES)[number];

/** Who a session belongs to: what every request knows of its user, and what GET /api/auth/user answers. */
export interface SessionUser {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  role: Role;
}

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 200;
export const DEFAULT_NEXT_PATH = '/dashboard';

const passwordTooShort = `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;
const passwordTooLong = `Password must be at most ${PASSWORD_MAX_LENGTH} characters`;

// Passwords are never trimmed: a space is as good a character as any.
const newPassword = v.pipe(
  v.string(passwordTooShort),
  v.minLength(PASSWORD_MIN_LENGTH, passwordTooShort),
  v.maxLength(PASSWORD_MAX_LENGTH, passwordTooLong),
);

export const registerSchema = formObject({
  email: accountEmail('Valid email is required'),
  password: newPassword,
  firstName: requiredText('First name is required', 100),
  lastName: requiredText('Last name is required', 100),
});

export const loginSchema = formObject({
  email: accountEmail('Valid email is required'),
  password: v.pipe(
    v.string('Password is required'),
    v.minLength(1, 'Password is required'),
    v.maxLength(PASSWORD_MAX_LENGTH, passwordTooLong),
  ),
});

export const STAFF_LINK_INCOMPLETE = 'This link is not complete. Open the whole link from the e-mail.';

/** POST /api/auth/staff-confirmation: the token of the link a staff address was e-mailed at sign-up. */
export const staffConfirmationSchema = formObject({
  token: requiredText(STAFF_LINK_INCOMPLETE, 300),
});

/** POST /api/auth/password-reset: the address to e-mail a link to choose a new password. */
export const passwordResetRequestSchema = formObject({
  email: accountEmail('Valid email is required'),
});

export const RESET_LINK_INCOMPLETE =
  'This link is not complete. Open the whole link from the e-mail, or ask for a new one.';

/** POST /api/auth/password-reset/confirm: the e-mailed link's token and the new password. */
export const passwordResetSchema = formObject({
  token: requiredText(RESET_LINK_INCOMPLETE, 300),
  password: newPassword,
});

export type PasswordResetRequestInput = v.InferInput<typeof passwordResetRequestSchema>;
export type PasswordResetInput = v.InferInput<typeof passwordResetSchema>;

export type RegisterInput = v.InferInput<typeof registerSchema>;
export type Register = v.InferOutput<typeof registerSchema>;
export type LoginInput = v.InferInput<typeof loginSchema>;
export type Login = v.InferOutput<typeof loginSchema>;

const ORIGIN_PROBE = 'http://same-origin.invalid';

/**
 * Where to go after signing in: the given path when it stays on this site, otherwise '/dashboard'.
 * Refuses '//host', '/\host', schemes, backslashes and control characters, all of which browsers may
 * read as another origin.
 */
export function safeNextPath(next: unknown): string {
  if (typeof next !== 'string' || next.length > 2000) return DEFAULT_NEXT_PATH;
  if (!next.startsWith('/') || next.startsWith('//')) return DEFAULT_NEXT_PATH;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
  if (/[\\\u0000-\u001f\u007f]/.test(next)) return DEFAULT_NEXT_PATH;
  if (!URL.canParse(next, ORIGIN_PROBE) || new URL(next, ORIGIN_PROBE).origin !== ORIGIN_PROBE) {
    return DEFAULT_NEXT_PATH;
  }
  return next;
}
