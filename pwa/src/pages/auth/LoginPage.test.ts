import { describe, expect, it } from 'vitest';
import { landingPath } from './LoginPage.tsx';

describe('landingPath', () => {
  it('lands each role where it works when no page was asked for', () => {
    expect(landingPath('customer', null)).toBe('/dashboard');
    expect(landingPath('operator', null)).toBe('/operator');
    expect(landingPath('staff', null)).toBe('/admin');
  });

  it("treats /api/login's default next (/dashboard) as no choice", () => {
    expect(landingPath('operator', '/dashboard')).toBe('/operator');
    expect(landingPath('staff', '/dashboard')).toBe('/admin');
    expect(landingPath('customer', '/dashboard')).toBe('/dashboard');
  });

  it('goes to the page asked for, when it is on this site', () => {
    expect(landingPath('operator', '/operator/jobs/42')).toBe('/operator/jobs/42');
    expect(landingPath('customer', '/dashboard/requests/7?tab=offers')).toBe(
      '/dashboard/requests/7?tab=offers',
    );
    expect(landingPath('staff', '/admin/prospects')).toBe('/admin/prospects');
    expect(landingPath('operator', '//evil.example/phish')).toBe('/operator');
    expect(landingPath('staff', 'https://evil.example/')).toBe('/admin');
  });
});
