// The dashboard's membership card: the platform's fees (staff set them in platform settings) and, for an
// operator, each of their farms' membership state and next due date.
import { queryOptions } from '@tanstack/react-query';
import type { MembershipView } from '../../../api/src/views/index.ts';

export type Membership = MembershipView;
export type MemberFarm = MembershipView['farms'][number];

export const membershipKeys = { membership: ['/api/membership'] as const };

export const membershipQueries = {
  membership: () => queryOptions<Membership>({ queryKey: membershipKeys.membership }),
};
