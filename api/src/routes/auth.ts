// Accounts: sign-up, sign-in, sign-out, who is signed in, and the optional OpenID Connect flow.

import { setTimeout as delay } from 'node:timers/promises';
import {
  loginSchema,
  passwordResetRequestSchema,
  passwordResetSchema,
  registerSchema,
  safeNextPath,
  staffConfirmationSchema,
} from '@printfarm/domain/auth';
import { authenticate, prepareAccounts, registerUser, userForOidcProfile } from '../auth/accounts.ts';
import { requireUser, userOf } from '../auth/guards.ts';
import { finishOidc, OIDC_CALLBACK_PATH, oidcEnabled, startOidc } from '../auth/oidc.ts';
import { RESET_REQUESTED, requestPasswordReset, resetPassword } from '../auth/passwordReset.ts';
import { endSession, presentUser, sessionOf, startUserSession } from '../auth/session.ts';
import { confirmStaffAccess, offerStaffConfirmation } from '../auth/staffConfirmation.ts';
import { isTrustedDevice, trustDevice } from '../auth/trustedDevice.ts';
import type { ApiDeps } from '../deps.ts';
import type { AppContext, AppRouter } from '../http/context.ts';
import { noStore } from '../http/noStore.ts';
import { ipKey, type RateLimitOptions } from '../http/rateLimit.ts';
import { isOwnNavigation } from '../http/security.ts';
import { validate } from '../http/validate.ts';
import { presentAuthProviders } from '../presenters/auth.ts';

const FIFTEEN_MINUTES = 15 * 60;
const HOUR = 60 * 60;
const MAX_FAILURE_DELAY_MS = 2_000;

/** 0 ms after the first failure, then 125, 250, 500… up to two seconds. */
const failureDelayMs = (failures: number) =>
  failures <= 1 ? 0 : Math.min(MAX_FAILURE_DELAY_MS, 125 * 2 ** (failures - 2));

export function registerAuthRoutes(router: AppRouter, deps: ApiDeps): void {
  const { config, rateLimits } = deps;
  prepareAccounts();
  const signInPerIp: RateLimitOptions = {
    name: 'signin-ip',
    points: config.RATE_LIMIT_SIGNIN_IP_POINTS,
    durationSeconds: FIFTEEN_MINUTES,
    key: ipKey,
  };
  const signInPerAccount: RateLimitOptions = {
    name: 'signin-account',
    points: config.RATE_LIMIT_SIGNIN_ACCOUNT_POINTS,
    durationSeconds: FIFTEEN_MINUTES,
    key: () => null,
  };
  const signUpPerIp: RateLimitOptions = {
    name: 'signup-ip',
    points: config.RATE_LIMIT_SIGNUP_IP_POINTS,
    durationSeconds: HOUR,
    key: ipKey,
  };

  const passwordResetPerIp: RateLimitOptions = {
    name: 'password-reset-ip',
    points: config.RATE_LIMIT_PASSWORD_RESET_IP_POINTS,
    durationSeconds: HOUR,
    key: ipKey,
  };

  router.get('/api/auth/user', noStore, async (ctx) => {
    ctx.body = presentUser(userOf(ctx));
  });

  /** Which sign-in methods the /login page may offer. */
  router.get('/api/auth/providers', async (ctx) => {
    ctx.body = presentAuthProviders(oidcEnabled(config));
  });

  router.post(
    '/api/auth/register',
    rateLimits.limit(signUpPerIp),
    validate(registerSchema),
    noStore,
    async (ctx) => {
      const user = await registerUser(deps, ctx.state.input);
      await startUserSession(ctx, user.id);
      ctx.status = 201;
      ctx.body = presentUser(user);
    },
  );

  // Brute force is slowed and stopped without handing anyone a switch that locks others out:
  // - per address, failures across all accounts are limited;
  // - per account, failures count per address, so guesses from one place never lock out another;
  // - a browser that signed in to the account before (trusted-device cookie) is never locked out;
  // - each failure answers a little later than the one before (doubling, up to two seconds).
  router.post(
    '/api/auth/login',
    rateLimits.refuseUsedUp(signInPerIp),
    validate(loginSchema),
    noStore,
    async (ctx) => {
      const input = ctx.state.input;
      const trusted = isTrustedDevice(ctx, input.email);
      const accountHere = `${input.email}|${ipKey(ctx)}`;
      if (!trusted) await rateLimits.check(ctx, signInPerAccount, accountHere);
      let user: Awaited<ReturnType<typeof authenticate>>;
      try {
        user = await authenticate(deps, input);
      } catch (error) {
        await rateLimits.consume(ctx, signInPerIp);
        if (!trusted) {
          const failures = await rateLimits.consume(ctx, signInPerAccount, accountHere);
          await delay(failureDelayMs(failures));
        }
        throw error;
      }
      await rateLimits.reset(signInPerAccount, accountHere);
      trustDevice(ctx, input.email);
      await startUserSession(ctx, user.id);
      ctx.body = presentUser(user);
    },
  );

  // The link e-mailed to an address on STAFF_EMAILS at sign-up: its page sends the token, signed in.
  router.post(
    '/api/auth/staff-confirmation',
    requireUser,
    validate(staffConfirmationSchema),
    noStore,
    async (ctx) => {
      ctx.body = presentUser(await confirmStaffAccess(deps, userOf(ctx), ctx.state.input.token));
    },
  );

  // Forgot your password? The same answer whether or not an account has the address (passwordReset.ts).
  router.post(
    '/api/auth/password-reset',
    rateLimits.limit(passwordResetPerIp),
    validate(passwordResetRequestSchema),
    noStore,
    async (ctx) => {
      await requestPasswordReset(deps, ctx.state.input.email);
      ctx.status = 202;
      ctx.body = { message: RESET_REQUESTED };
    },
  );

  // The e-mailed link's page sends its token with the new password; the account is signed in here.
  router.post('/api/auth/password-reset/confirm', validate(passwordResetSchema), noStore, async (ctx) => {
    const user = await resetPassword(deps, ctx.state.input);
    await offerStaffConfirmation(deps.prisma, config, user);
    trustDevice(ctx, user.email);
    await startUserSession(ctx, user.id);
    ctx.body = presentUser(user);
  });

  router.post('/api/auth/logout', async (ctx) => {
    endSession(ctx);
    ctx.status = 204;
  });

  // Browser navigations (spec): /api/login goes to the sign-in page (or the identity provider),
  // /api/logout ends the session and goes home.
  router.get('/api/login', noStore, async (ctx) => {
    const next = safeNextPath(ctx.query.next);
    if (ctx.state.user) {
      ctx.redirect(next);
      return;
    }
    if (oidcEnabled(config) && ctx.query.method !== 'password') {
      await redirectToProvider(ctx, next);
      return;
    }
    ctx.redirect(`/login?next=${encodeURIComponent(next)}`);
  });

  // The spec's sign-out link. It signs out only when the navigation is our own: a link or image on
  // another site lands on the home page with the session intact (the app itself signs out by POST).
  router.get('/api/logout', noStore, async (ctx) => {
    if (isOwnNavigation(ctx, config)) endSession(ctx);
    ctx.redirect('/');
  });

  router.get(OIDC_CALLBACK_PATH, async (ctx) => {
    const session = sessionOf(ctx);
    const pending = session?.oidc;
    if (!session || !pending || !oidcEnabled(config)) {
      ctx.redirect('/login?error=oidc');
      return;
    }
    delete session.oidc;
    let userId: string;
    try {
      const profile = await finishOidc(config, new URL(ctx.originalUrl, config.PUBLIC_URL), pending);
      userId = (await userForOidcProfile(deps, profile)).id;
    } catch (error) {
      ctx.state.log.warn({ err: error }, 'OpenID Connect sign-in failed');
      ctx.redirect(`/login?error=oidc&next=${encodeURIComponent(pending.next)}`);
      return;
    }
    await startUserSession(ctx, userId);
    ctx.redirect(safeNextPath(pending.next));
  });

  async function redirectToProvider(ctx: AppContext, next: string): Promise<void> {
    const session = sessionOf(ctx);
    if (!session) throw new Error('session middleware missing');
    const start = await startOidc(config);
    session.oidc = { state: start.state, nonce: start.nonce, codeVerifier: start.codeVerifier, next };
    ctx.redirect(start.url);
  }
}
