import { describe, expect, it } from 'vitest';
import { isCommonPassword } from '../auth/passwordPolicy.ts';
import { contentSecurityPolicy } from './security.ts';

const base = { NODE_ENV: 'test' as const, PUBLIC_URL: 'http://localhost:8080' };

describe('contentSecurityPolicy', () => {
  it('allows only our own scripts and no framing, with no Google hosts without a Maps key', () => {
    const csp = contentSecurityPolicy(base);
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect(csp).not.toContain("'unsafe-eval'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("img-src 'self' data: blob: https:");
    expect(csp).not.toContain('google');
  });

  it('adds the Google Maps hosts when a key is configured, and the OIDC issuer to form-action', () => {
    const csp = contentSecurityPolicy({
      ...base,
      VITE_GOOGLE_MAPS_API_KEY: 'key',
      OIDC_ISSUER: 'https://id.example.com/realms/x',
    });
    expect(csp).toMatch(/script-src [^;]*https:\/\/maps\.googleapis\.com/);
    expect(csp).toMatch(/connect-src [^;]*https:\/\/maps\.googleapis\.com/);
    expect(csp).toContain("form-action 'self' https://id.example.com");
  });
});

describe('isCommonPassword', () => {
  it('refuses well-known passwords in any case and accepts a passphrase', () => {
    for (const password of ['password123', 'QWERTYUIOP', '1234567890', 'iloveyou123', 'Password1']) {
      expect(isCommonPassword(password), password).toBe(true);
    }
    expect(isCommonPassword('violet tractor harbour 42')).toBe(false);
  });
});
