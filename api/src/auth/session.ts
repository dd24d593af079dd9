// Server sessions: koa-session with its data in the `sessions` table, and the signed-in user loaded
// onto ctx.state.user on every request (a small select, so role changes and deletions apply at once).
//
// Cookie: `__Host-pf.sid` (Secure, path /) in production, `pf.sid` otherwise; HttpOnly, SameSite=Lax,
// signed with app.keys. Ids carry 256 random bits and are replaced at sign-in. A session ends after
// SESSION_IDLE_DAYS without requests (rolling, refreshed at most once an hour) and in any case
// SESSION_ABSOLUTE_DAYS after sign-in. A readable `pf.signed-in` hint says whose session exists (below).
import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { PrismaClient } from '@printfarm/db';
import type Koa from 'koa';
import createSession from 'koa-session';
import type { ApiConfig } from '../config.ts';
import type { AppContext, AppState } from '../http/context.ts';
import type { SessionUser } from './guards.ts';
import { createSessionStore } from './sessionStore.ts';

const DAY_MS = 86_400_000;
const TOUCH_EVERY_MS = 3_600_000;

/** What we keep in a session (koa-session adds _expire and _maxAge when saving). */
export interface SessionData {
  userId?: string;
  /** When the user signed in (ms since epoch): the absolute timeout counts from here. */
  createdAt?: number;
  /** Last refresh of the idle timeout (ms since epoch). */
  seenAt?: number;
  /** OpenID Connect sign-in in progress. */
  oidc?: { state: string; nonce: string; codeVerifier: string; next: string };
  [key: string]: unknown;
}

interface KoaSession extends SessionData {
  regenerate(): Promise<void>;
}

export function sessionCookieName(config: Pick<ApiConfig, 'NODE_ENV'>): string {
  return config.NODE_ENV === 'production' ? '__Host-pf.sid' : 'pf.sid';
}

/** The request's session object (created empty when there is none). */
export function sessionOf(ctx: AppContext | Koa.Context): KoaSession | null {
  return (ctx as unknown as { session: KoaSession | null }).session;
}

export function endSession(ctx: AppContext | Koa.Context): void {
  (ctx as unknown as { session: null }).session = null;
}

/** Signs the user in: a new session id (the old one is destroyed), then the user's data. */
export async function startUserSession(ctx: AppContext, userId: string): Promise<void> {
  const session = sessionOf(ctx);
  if (!session) throw new Error('session middleware missing');
  for (const key of Object.keys(session)) {
    if (typeof session[key] !== 'function' && key !== 'isNew' && !key.startsWith('_')) delete session[key];
  }
  await session.regenerate();
  const now = Date.now();
  session.userId = userId;
  session.createdAt = now;
  session.seenAt = now;
}

export const USER_SELECT = {
  id: true,
  email: true,
  firstName: true,
  lastName: true,
  profileImageUrl: true,
  role: true,
} as const;

/** The user as /api/auth/user answers it. */
export function presentUser(user: SessionUser): SessionUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    profileImageUrl: user.profileImageUrl,
    role: user.role,
  };
}

export function sessionMiddleware(
  app: Koa<AppState>,
  deps: { config: ApiConfig; prisma: PrismaClient },
  /** Pages the API renders for their viewer (http/screens.ts), which read the session too. */
  rendersPage: (pagePath: string) => boolean = () => false,
): Koa.Middleware<AppState> {
  const { config, prisma } = deps;
  // Keys for the cookie signature, derived from SESSION_SECRET.
  app.keys = [createHash('sha256').update(`pf.sid:${config.SESSION_SECRET}`).digest('base64url')];
  const idleMs = config.SESSION_IDLE_DAYS * DAY_MS;
  const absoluteMs = config.SESSION_ABSOLUTE_DAYS * DAY_MS;
  const production = config.NODE_ENV === 'production';
  const store = createSessionStore(prisma);

  const session = createSession(
    {
      key: sessionCookieName(config),
      maxAge: idleMs,
      httpOnly: true,
      sameSite: 'lax',
      secure: production,
      signed: true,
      overwrite: true,
      rolling: false,
      renew: false,
      genid: () => randomBytes(32).toString('base64url'),
      store: {
        get: (sid: string) => store.get(sid),
        set: (sid: string, sess: Record<string, unknown>, maxAge: number) => store.set(sid, sess, maxAge),
        destroy: (sid: string) => store.destroy(sid),
      },
      valid: (_ctx: unknown, data: SessionData) =>
        typeof data.createdAt !== 'number' || Date.now() - data.createdAt <= absoluteMs,
    } as Parameters<typeof createSession>[0],
    app,
  );

  return async (ctx, next) => {
    // Only the API reads sessions; the app's files and pages are the same for everyone, but for the
    // screens the API renders with their viewer's data.
    if (ctx.path !== '/api' && !ctx.path.startsWith('/api/') && !rendersPage(ctx.path)) {
      await next();
      return;
    }
    try {
      await session(ctx, async () => {
        await loadUser(ctx as unknown as AppContext, prisma);
        await next();
      });
    } finally {
      // Also on an error answer: a 401 for a session that is gone clears a stale hint.
      const userId = sessionOf(ctx)?.userId;
      const tag = typeof userId === 'string' ? signedInTag(config.SESSION_SECRET, userId) : null;
      keepSignedInHint(ctx, tag, { production, maxAge: absoluteMs });
    }
  };
}

/**
 * The readable 'signed in' hint beside the HttpOnly session cookie: not a credential (it names no session
 * and proves nothing), so the app asks GET /api/auth/user only when there may be someone to find, and a
 * signed-out visitor's page makes no request that answers 401. Its value is an opaque tag of the account
 * (signedInTag), so the app can tell that the account its offline cache was filled under is no longer the
 * one signed in (pwa/src/lib/accountCache.ts), however the session changed: single sign-on, /api/logout,
 * expiry. Set while a session has a user, for the longest a session lives; cleared as soon as a request
 * finds none (signed out, expired, or deleted).
 */
export const SIGNED_IN_HINT = 'pf.signed-in';

/** The hint's value for one account: stable for it, unguessable for another without SESSION_SECRET. */
export function signedInTag(sessionSecret: string, userId: string): string {
  return createHmac('sha256', sessionSecret)
    .update(`signed-in-hint:${userId}`)
    .digest('base64url')
    .slice(0, 16);
}

function keepSignedInHint(
  ctx: Koa.Context,
  tag: string | null,
  { production, maxAge }: { production: boolean; maxAge: number },
): void {
  if ((ctx.cookies.get(SIGNED_IN_HINT, { signed: false }) ?? null) === tag) return;
  ctx.cookies.set(SIGNED_IN_HINT, tag, {
    httpOnly: false,
    signed: false,
    sameSite: 'lax',
    secure: production,
    path: '/',
    overwrite: true,
    ...(tag ? { maxAge } : {}),
  });
}

async function loadUser(ctx: AppContext, prisma: PrismaClient): Promise<void> {
  const session = sessionOf(ctx);
  const userId = session?.userId;
  if (!session || typeof userId !== 'string') return;
  const user = await prisma.user.findUnique({ where: { id: userId }, select: USER_SELECT });
  if (!user) {
    endSession(ctx); // the account is gone
    return;
  }
  ctx.state.user = { ...user, email: user.email ?? '' };
  const now = Date.now();
  if (typeof session.seenAt !== 'number' || now - session.seenAt > TOUCH_EVERY_MS) session.seenAt = now;
}
