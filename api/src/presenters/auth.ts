// GET /api/auth/providers: which sign-in methods the /login page may offer.

export function presentAuthProviders(oidc: boolean) {
  return { password: true, oidc };
}

export type AuthProvidersView = ReturnType<typeof presentAuthProviders>;
