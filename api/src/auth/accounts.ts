// Accounts: sign-up, sign-in by password, and finding or creating the user of an OpenID Connect login.
import type { PrismaClient } from '@printfarm/db';
import { isUniqueViolation } from '@printfarm/db/errors';
import { hashPassword, verifyPassword } from '@printfarm/db/password';
import type { Login, Register, Role } from '@printfarm/domain/auth';
import type { ApiConfig } from '../config.ts';
import { badRequest, conflict, HttpError } from '../http/errors.ts';
import type { SessionUser } from './guards.ts';
import type { OidcProfile } from './oidc.ts';
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from './passwordPolicy.ts';
import { USER_SELECT } from './session.ts';

export const INVALID_CREDENTIALS = 'Invalid email or password';
export const EMAIL_TAKEN = 'An account with this email already exists';

type Deps = { prisma: PrismaClient; config: Pick<ApiConfig, 'STAFF_EMAILS'> };

export function isStaffEmail(config: Pick<ApiConfig, 'STAFF_EMAILS'>, email: string): boolean {
  const wanted = email.trim().toLowerCase();
  return config.STAFF_EMAILS.some((staff) => staff.trim().toLowerCase() === wanted);
}

type UserRow = {
  id: string;
  email: string | null;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  role: Role;
};

function toSessionUser(row: UserRow): SessionUser {
  return { ...row, email: row.email ?? '' };
}

/** Staff e-mails become staff when they sign up or sign in; other roles are never lowered here. */
async function applyStaffRole(deps: Deps, user: UserRow): Promise<UserRow> {
  if (user.role === 'staff' || !user.email || !isStaffEmail(deps.config, user.email)) return user;
  return deps.prisma.user.update({ where: { id: user.id }, data: { role: 'staff' }, select: USER_SELECT });
}

export async function registerUser(deps: Deps, input: Register): Promise<SessionUser> {
  if (isCommonPassword(input.password)) {
    throw badRequest(COMMON_PASSWORD_MESSAGE, { password: COMMON_PASSWORD_MESSAGE });
  }
  const email = input.email.toLowerCase();
  const existing = await deps.prisma.user.findUnique({ where: { email }, select: { id: true } });
  if (existing) throw conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN });
  const passwordHash = await hashPassword(input.password);
  try {
    const user = await deps.prisma.user.create({
      data: {
        email,
        firstName: input.firstName,
        lastName: input.lastName,
        passwordHash,
        role: isStaffEmail(deps.config, email) ? 'staff' : 'customer',
      },
      select: USER_SELECT,
    });
    return toSessionUser(user);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN });
    throw error;
  }
}

// Unknown accounts are checked against this hash so they take as long as a wrong password.
let dummyHash: Promise<string> | undefined;
function dummy(): Promise<string> {
  dummyHash ??= hashPassword(`no-such-account-${Math.random()}`);
  return dummyHash;
}

/** Computes the stand-in hash ahead of the first sign-in, so that one is not slower either. */
export function prepareAccounts(): void {
  void dummy();
}

/** The user for these credentials, or the same 401 for a wrong password and an unknown account. */
export async function authenticate(deps: Deps, input: Login): Promise<SessionUser> {
  const row = await deps.prisma.user.findUnique({
    where: { email: input.email.toLowerCase() },
    select: { ...USER_SELECT, passwordHash: true },
  });
  const ok = row?.passwordHash
    ? await verifyPassword(row.passwordHash, input.password)
    : (await verifyPassword(await dummy(), input.password)) && false;
  if (!row || !ok) throw new HttpError(401, INVALID_CREDENTIALS);
  const { passwordHash: _hash, ...user } = row;
  return toSessionUser(await applyStaffRole(deps, user));
}

/** The user of an identity-provider login: matched by subject, then by verified e-mail, else created. */
export async function userForOidcProfile(deps: Deps, profile: OidcProfile): Promise<SessionUser> {
  const { prisma } = deps;
  const bySubject = await prisma.user.findUnique({
    where: { authSubject: profile.subject },
    select: USER_SELECT,
  });
  if (bySubject) return toSessionUser(await applyStaffRole(deps, bySubject));
  const email = profile.email?.toLowerCase();
  if (email) {
    const byEmail = await prisma.user.findUnique({
      where: { email },
      select: { id: true, authSubject: true },
    });
    // Only an address the provider vouches for may take over an existing account.
    if (byEmail && !byEmail.authSubject && profile.emailVerified === true) {
      const linked = await prisma.user.update({
        where: { id: byEmail.id },
        data: { authSubject: profile.subject },
        select: USER_SELECT,
      });
      return toSessionUser(await applyStaffRole(deps, linked));
    }
    if (byEmail) throw new HttpError(409, EMAIL_TAKEN);
  }
  const created = await prisma.user.create({
    data: {
      authSubject: profile.subject,
      email: email ?? null,
      firstName: profile.firstName ?? null,
      lastName: profile.lastName ?? null,
      profileImageUrl: profile.picture ?? null,
      role: email && isStaffEmail(deps.config, email) ? 'staff' : 'customer',
    },
    select: USER_SELECT,
  });
  return toSessionUser(created);
}
