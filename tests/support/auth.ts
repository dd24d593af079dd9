// Accounts for tests: users inserted straight into the database, and signing them in over HTTP
// (a Cookie header for fetch) or through the real /login page in Chromium.
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import type { PrismaClient } from '../../db/src/index.ts';
import { hashPassword } from '../../db/src/password.ts';

export const DEFAULT_PASSWORD = 'correct-horse-battery-9';

export type TestRole = 'customer' | 'operator' | 'staff';

export interface TestUser {
  id: string;
  email: string;
  password: string;
  firstName: string | null;
  lastName: string | null;
  role: TestRole;
}

// One hash per password per process: argon2id takes ~50 ms and fixtures create many users.
const hashes = new Map<string, Promise<string>>();
function cachedHash(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
}

/** Inserts a user with a hashed password (default role customer, default password DEFAULT_PASSWORD). */
export async function createUser(
  prisma: PrismaClient,
  options: { role?: TestRole; email?: string; password?: string; firstName?: string; lastName?: string } = {},
): Promise<TestUser> {
  const role = options.role ?? 'customer';
  const password = options.password ?? DEFAULT_PASSWORD;
  const email = (options.email ?? `${role}-${randomBytes(5).toString('hex')}@example.test`).toLowerCase();
  const firstName = options.firstName ?? 'Test';
  const lastName = options.lastName ?? role.charAt(0).toUpperCase() + role.slice(1);
  const row = await prisma.user.create({
    data: { email, firstName, lastName, role, passwordHash: await cachedHash(password) },
  });
  return { id: row.id, email, password, firstName, lastName, role };
}

/** The Cookie header value ("name=value; name.sig=value") from a response's Set-Cookie headers. */
export function cookieHeaderFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0] ?? '')
    .filter((pair) => pair && !pair.endsWith('='))
    .join('; ');
}

/** Signs in over the API; returns the Cookie header string to send with later fetch calls. */
export async function signIn(apiUrl: string, email: string, password = DEFAULT_PASSWORD): Promise<string> {
  const response = await fetch(`${apiUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 200) {
    throw new Error(`sign-in as ${email} answered ${response.status}: ${await response.text()}`);
  }
  const cookie = cookieHeaderFrom(response);
  if (!cookie) throw new Error(`sign-in as ${email} set no cookie`);
  return cookie;
}

/** Signs in through the /login page in the browser and waits until it has navigated away. */
export async function signInBrowser(
  page: Page,
  baseUrl: string,
  email: string,
  password = DEFAULT_PASSWORD,
  next?: string,
): Promise<void> {
  const query = next ? `?next=${encodeURIComponent(next)}` : '';
  await page.goto(`${baseUrl}/login${query}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => url.pathname !== '/login', { timeout: 30_000 });
}
