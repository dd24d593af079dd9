// The dashboard's membership card: the platform's fees (staff set them in platform settings) and, for
// an operator, each farm's own membership state and next due date (the 1st of next month).
import type { Settings } from '@printfarm/domain/network';

interface MemberFarm {
  id: string;
  displayName: string;
  isPaidMember: boolean;
  monthlyFee: { toFixed(digits: number): string };
  signupFee: { toFixed(digits: number): string };
}

/** The 1st of the month after `now`, as 'YYYY-MM-DD'. */
export function nextDueDate(now = new Date()): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString().slice(0, 10);
}

export function presentMembership(payments: Settings['payments'], farms: readonly MemberFarm[]) {
  return {
    monthlyFee: payments.monthlyFee,
    signupFee: payments.signupFee,
    paymentInstructions: payments.paymentInstructions || null,
    farms: farms.map((farm) => ({
      id: farm.id,
      name: farm.displayName,
      isPaidMember: farm.isPaidMember,
      monthlyFee: farm.monthlyFee.toFixed(2),
      signupFee: farm.signupFee.toFixed(2),
      nextDueDate: farm.isPaidMember ? nextDueDate() : null,
    })),
  };
}

export type MembershipView = ReturnType<typeof presentMembership>;
