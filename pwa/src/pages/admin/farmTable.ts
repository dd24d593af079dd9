// The staff farm table's search and pages, and how it words a farm's membership.
import { formatUsd, parseCents } from '@printfarm/domain/money';
import type { AdminFarm } from '../../api/adminFarms.ts';

export const FARMS_PER_PAGE = 20;

/** What the search reads of a farm. */
export type SearchedFarm = Pick<
  AdminFarm,
  | 'displayName'
  | 'contactName'
  | 'contactEmail'
  | 'contactPhone'
  | 'streetName'
  | 'city'
  | 'state'
  | 'zipCode'
>;

/** Whether the fields, together, contain every word of the search (any case); an empty search matches. */
export function hasEveryWord(fields: readonly (string | null | undefined)[], search: string): boolean {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  const text = fields.filter(Boolean).join(' ').toLowerCase();
  return words.every((word) => text.includes(word));
}

/** Farms whose name, contact, e-mail, phone, street, city, state or ZIP contain every word searched. */
export function searchFarms<F extends SearchedFarm>(farms: readonly F[], search: string): F[] {
  return farms.filter((farm) =>
    hasEveryWord(
      [
        farm.displayName,
        farm.contactName,
        farm.contactEmail,
        farm.contactPhone,
        farm.streetName,
        farm.city,
        farm.state,
        farm.zipCode,
      ],
      search,
    ),
  );
}

export interface FarmPage<F = AdminFarm> {
  rows: F[];
  /** 1-based, within 1..pages. */
  page: number;
  pages: number;
  /** 1-based positions of the first and last row shown (0 and 0 when there is none). */
  from: number;
  to: number;
  total: number;
}

export function pageOfFarms<F>(farms: readonly F[], requested: number, size = FARMS_PER_PAGE): FarmPage<F> {
  const pages = Math.max(1, Math.ceil(farms.length / size));
  const page = Math.min(Math.max(1, Math.floor(requested) || 1), pages);
  const start = (page - 1) * size;
  const rows = farms.slice(start, start + size);
  return {
    rows,
    page,
    pages,
    from: rows.length > 0 ? start + 1 : 0,
    to: start + rows.length,
    total: farms.length,
  };
}

const usd = (amount: string) => formatUsd(parseCents(amount) ?? 0);

/** 'Paid' with the fees the farm pays, or 'Free' with what it would pay: one wording wherever it shows. */
export function membershipTerms(farm: Pick<AdminFarm, 'isPaidMember' | 'monthlyFee' | 'signupFee'>): {
  label: 'Paid' | 'Free';
  terms: string;
} {
  return farm.isPaidMember
    ? { label: 'Paid', terms: `Pays ${usd(farm.monthlyFee)}/mo · ${usd(farm.signupFee)} signup` }
    : { label: 'Free', terms: `No fees · ${usd(farm.monthlyFee)}/mo if paid` };
}
