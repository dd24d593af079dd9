// A farm's membership fee as its invoice e-mail states it: db gathers these facts, mail words them.

export type InvoiceKind = 'signup' | 'monthly';

/** A membership invoice: what it is for, how much, by when, and how staff match the money to it. */
export interface InvoiceFacts {
  id: string;
  kind: InvoiceKind;
  farmName: string;
  /** The month it is for (its 1st), or the approval day for the signup fee. */
  period: Date;
  dueAt: Date;
  amountCents: number;
  reference: string;
  payerName: string;
  payerEmail: string;
}
