// Optional OpenID Connect sign-in (openid-client v6), on only when OIDC_ISSUER, OIDC_CLIENT_ID and
// OIDC_CLIENT_SECRET are all set. Authorization code flow with PKCE, state and nonce kept in the session.
import * as client from 'openid-client';
import type { ApiConfig } from '../config.ts';

type OidcConfig = Pick<ApiConfig, 'OIDC_ISSUER' | 'OIDC_CLIENT_ID' | 'OIDC_CLIENT_SECRET' | 'PUBLIC_URL'>;

export const OIDC_CALLBACK_PATH = '/api/auth/oidc/callback';

export function oidcEnabled(config: OidcConfig): boolean {
  return Boolean(config.OIDC_ISSUER && config.OIDC_CLIENT_ID && config.OIDC_CLIENT_SECRET);
}

const discovered = new Map<string, Promise<client.Configuration>>();

function configuration(config: OidcConfig): Promise<client.Configuration> {
  const issuer = config.OIDC_ISSUER ?? '';
  const key = `${issuer} ${config.OIDC_CLIENT_ID}`;
  let found = discovered.get(key);
  if (!found) {
    const url = new URL(issuer);
    found = client.discovery(
      url,
      config.OIDC_CLIENT_ID ?? '',
      undefined,
      client.ClientSecretPost(config.OIDC_CLIENT_SECRET),
      url.protocol === 'http:' ? { execute: [client.allowInsecureRequests] } : undefined,
    );
    found.catch(() => discovered.delete(key)); // try discovery again next time
    discovered.set(key, found);
  }
  return found;
}

export interface OidcStart {
  url: string;
  state: string;
  nonce: string;
  codeVerifier: string;
}

export async function startOidc(config: OidcConfig): Promise<OidcStart> {
  const oidc = await configuration(config);
  const codeVerifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const url = client.buildAuthorizationUrl(oidc, {
    redirect_uri: new URL(OIDC_CALLBACK_PATH, config.PUBLIC_URL).href,
    scope: 'openid email profile',
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return { url: url.href, state, nonce, codeVerifier };
}

/** Who the identity provider says signed in; accounts.ts finds or creates their user from it. */
export interface OidcProfile {
  subject: string;
  email?: string | undefined;
  emailVerified?: boolean | undefined;
  firstName?: string | undefined;
  lastName?: string | undefined;
  picture?: string | undefined;
}

const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

export async function finishOidc(
  config: OidcConfig,
  callbackUrl: URL,
  checks: { state: string; nonce: string; codeVerifier: string },
): Promise<OidcProfile> {
  const oidc = await configuration(config);
  const tokens = await client.authorizationCodeGrant(oidc, callbackUrl, {
    pkceCodeVerifier: checks.codeVerifier,
    expectedState: checks.state,
    expectedNonce: checks.nonce,
    idTokenExpected: true,
  });
  const claims = tokens.claims();
  if (!claims?.sub) throw new Error('the identity provider sent no subject');
  return {
    subject: `${new URL(config.OIDC_ISSUER ?? '').origin}|${claims.sub}`,
    email: text(claims.email),
    emailVerified: typeof claims.email_verified === 'boolean' ? claims.email_verified : undefined,
    firstName: text(claims.given_name),
    lastName: text(claims.family_name),
    picture: text(claims.picture),
  };
}
