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
import { endSessionsOf } from './sessionStore.ts';
import { isStaffEmail, mailStaffConfirmation, offerStaffConfirmation } from './staffConfirmation.ts';

export const INVALID_CREDENTIALS = 'Invalid email or password';
export const EMAIL_TAKEN = 'An account with this email already exists';

type Deps = {
  prisma: PrismaClient;
  config: Pick<ApiConfig, 'STAFF_EMAILS' | 'SESSION_SECRET' | 'PUBLIC_URL'>;
};

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

/** The provider says it verified the address, and it is on STAFF_EMAILS. */
function vouchedStaff(deps: Deps, profile: OidcProfile): boolean {
  return profile.emailVerified === true && !!profile.email && isStaffEmail(deps.config, profile.email);
}

/**
 * A listed address becomes staff at an identity-provider login only when the provider says it verified
 * that address, the account has it, and the account has no password (a password set by whoever
 * registered the address first proves nothing). Other roles are never lowered here.
 */
async function applyVerifiedStaffRole(deps: Deps, user: UserRow, profile: OidcProfile): Promise<UserRow> {
  const email = profile.email?.toLowerCase();
  if (user.role === 'staff' || !email || email !== user.email || !vouchedStaff(deps, profile)) return user;
  const promoted = await deps.prisma.user.updateMany({
    where: { id: user.id, email, passwordHash: null },
    data: { role: 'staff' },
  });
  return promoted.count === 1 ? { ...user, role: 'staff' } : user;
}

/**
 * A new customer account. An address on STAFF_EMAILS is e-mailed, once, a link that grants staff access
 * when its owner opens it (staffConfirmation.ts); until then the account is a customer like any other.
 */
export async function registerUser(deps: Deps, input: Register): Promise<SessionUser> {
  if (isCommonPassword(input.password)) {
    throw badRequest(COMMON_PASSWORD_MESSAGE, { password: COMMON_PASSWORD_MESSAGE });
  }
  const email = input.email.toLowerCase();
  const existing = await deps.prisma.user.findUnique({ where: { email }, select: { id: true } });
  if (existing) throw conflict(EMAIL_TAKEN, { email: EMAIL_TAKEN });
  const passwordHash = await hashPassword(input.password);
  try {
    const user = await deps.prisma.$transaction(async (tx) => {
      const created = await tx.user.create({
        data: {
          email,
          firstName: input.firstName,
          lastName: input.lastName,
          passwordHash,
          role: 'customer',
        },
        select: USER_SELECT,
      });
      if (isStaffEmail(deps.config, email)) {
        await mailStaffConfirmation(tx, deps.config, { ...created, email });
      }
      return created;
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
  if (user.email) await offerStaffConfirmation(deps.prisma, deps.config, { ...user, email: user.email });
  return toSessionUser(user);
}

/** The user of an identity-provider login: matched by subject, then by verified e-mail, else created. */
export async function userForOidcProfile(deps: Deps, profile: OidcProfile): Promise<SessionUser> {
  const { prisma } = deps;
  const bySubject = await prisma.user.findUnique({
    where: { authSubject: profile.subject },
    select: USER_SELECT,
  });
  if (bySubject) return toSessionUser(await applyVerifiedStaffRole(deps, bySubject, profile));
  const email = profile.email?.toLowerCase();
  if (email) {
    const byEmail = await prisma.user.findUnique({
      where: { email },
      select: { id: true, authSubject: true },
    });
    // Only an address the provider vouches for may take over an existing account, and it takes it
    // whole: sign-up never proved the address, so whoever registered it first (perhaps not its owner)
    // loses the password they chose and every session. The owner can set a password again by e-mail.
    if (byEmail && !byEmail.authSubject && profile.emailVerified === true) {
      const linked = await prisma.$transaction(async (tx) => {
        const user = await tx.user.update({
          where: { id: byEmail.id },
          data: { authSubject: profile.subject, passwordHash: null },
          select: USER_SELECT,
        });
        await endSessionsOf(tx, byEmail.id);
        return user;
      });
      return toSessionUser(await applyVerifiedStaffRole(deps, linked, profile));
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
      role: vouchedStaff(deps, profile) ? 'staff' : 'customer',
    },
    select: USER_SELECT,
  });
  return toSessionUser(created);
}
