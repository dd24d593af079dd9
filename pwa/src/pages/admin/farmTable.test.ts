import { describe, expect, it } from 'vitest';
import type { AdminFarm } from '../../api/adminFarms.ts';
import { FARMS_PER_PAGE, membershipTerms, pageOfFarms, type SearchedFarm, searchFarms } from './farmTable.ts';

type Farm = SearchedFarm &
  Pick<
    AdminFarm,
    | 'id'
    | 'description'
    | 'website'
    | 'customWebsite'
    | 'isPaidMember'
    | 'monthlyFee'
    | 'signupFee'
    | 'createdAt'
  >;

const farm = (n: number, changes: Partial<Farm> = {}): Farm => ({
  id: `farm-${n}`,
  displayName: `Farm ${n}`,
  description: null,
  contactName: 'Pat Lee',
  contactEmail: `pat${n}@example.test`,
  contactPhone: '5125550100',
  streetName: 'Main St',
  city: 'Austin',
  state: 'TX',
  zipCode: '78701',
  website: null,
  customWebsite: null,
  isPaidMember: false,
  monthlyFee: '15.00',
  signupFee: '750.00',
  createdAt: '2026-11-01T00:00:00Z',
  ...changes,
});

const farms = Array.from({ length: 73 }, (_, i) => farm(i + 1));

describe('staff farm table', () => {
  it('splits 73 farms into pages of 20 and keeps the page asked for within range', () => {
    expect(FARMS_PER_PAGE).toBe(20);
    const first = pageOfFarms(farms, 1);
    expect([first.page, first.pages, first.from, first.to, first.total]).toEqual([1, 4, 1, 20, 73]);
    const last = pageOfFarms(farms, 4);
    expect(last.rows.map((row) => row.displayName)).toEqual(
      ['Farm 61', 'Farm 62', 'Farm 63'].concat(Array.from({ length: 10 }, (_, i) => `Farm ${64 + i}`)),
    );
    expect([last.from, last.to]).toEqual([61, 73]);
    expect(pageOfFarms(farms, 9).page).toBe(4);
    expect(pageOfFarms(farms, 0).page).toBe(1);
    expect(pageOfFarms([], 1)).toMatchObject({ page: 1, pages: 1, from: 0, to: 0, total: 0 });
  });

  it('finds farms by any word of name, contact, place or ZIP, without regard to case', () => {
    const mixed = [
      farm(1, { displayName: 'Lone Star Layers' }),
      farm(2, { city: 'Denver', state: 'CO', zipCode: '80202' }),
      farm(3, { contactName: 'Ruth Okafor' }),
    ];
    expect(searchFarms(mixed, 'lone star').map((f) => f.id)).toEqual(['farm-1']);
    expect(searchFarms(mixed, '80202').map((f) => f.id)).toEqual(['farm-2']);
    expect(searchFarms(mixed, 'OKAFOR austin').map((f) => f.id)).toEqual(['farm-3']);
    expect(searchFarms(mixed, '  ')).toHaveLength(3);
    expect(searchFarms(mixed, 'nowhere')).toEqual([]);
  });

  it('words membership as Paid with the fees paid, or Free with none', () => {
    expect(membershipTerms(farm(1, { isPaidMember: true }))).toEqual({
      label: 'Paid',
      terms: 'Pays $15.00/mo · $750.00 signup',
    });
    expect(membershipTerms(farm(2, { monthlyFee: '20.00' }))).toEqual({
      label: 'Free',
      terms: 'No fees · $20.00/mo if paid',
    });
  });
});
