// How a difference payment (a dearer counter-offer or farm than the customer paid for) is billed in
// the 'payment requested' e-mail: one line, the difference, and its total.

/** The bill of difference payment `difference`, its one line labelled `label`. */
export function differenceBill(
  difference: { id: string; reference: string; amountCents: number },
  label: string,
): { paymentId: string; reference: string; lines: [label: string, cents: number][]; totalCents: number } {
  return {
    paymentId: difference.id,
    reference: difference.reference,
    lines: [[label, difference.amountCents]],
    totalCents: difference.amountCents,
  };
}
