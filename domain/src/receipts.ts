// Money received by bank transfer or payment app, as staff record it: one transfer by hand (the amount
// and the bank's own reference for it), or a whole bank statement (CSV) matched line by line to the
// payments awaiting money, by the payment's reference or by the payer's full name and e-mail together.
import * as v from 'valibot';
import { formObject, requiredText } from './fields.ts';
import { parseCents } from './money.ts';

/** One transfer can never be more than a payment's column holds twice over; $10M is far beyond any. */
export const MAX_RECEIVED_CENTS = 1_000_000_000;

/** POST /api/admin/payments/{id}/received. */
export const paymentReceivedSchema = formObject({
  amountCents: v.pipe(
    v.number('Amount must be a whole number of cents'),
    v.integer('Amount must be a whole number of cents'),
    v.minValue(1, 'Amount must be more than 0 cents'),
    v.maxValue(MAX_RECEIVED_CENTS, 'Amount must be at most $10,000,000.00'),
  ),
  reference: requiredText('Reference is required', 100),
});
export type PaymentReceived = v.InferOutput<typeof paymentReceivedSchema>;

const payeeId = (message: string) => v.optional(v.pipe(v.string(message), v.uuid(message)));

/** POST /api/operator/payouts/stripe: the farm or the store whose Stripe payouts to set up. */
export const payoutSetupSchema = v.pipe(
  formObject({ farmId: payeeId('Invalid farm'), storeId: payeeId('Invalid store') }),
  v.forward(
    v.check(
      (input) => (input.farmId === undefined) !== (input.storeId === undefined),
      'Choose the farm or the store to be paid',
    ),
    ['farmId'],
  ),
);
export type PayoutSetup = v.InferOutput<typeof payoutSetupSchema>;

/** POST /api/admin/refunds/{id}/sent: the bank's reference of the refund staff sent. */
export const refundSentSchema = formObject({
  reference: requiredText('Reference is required', 100),
});

export const MAX_STATEMENT_BYTES = 1024 * 1024;

/** POST /api/admin/payments/reconcile: a bank statement exported as CSV. */
export const bankStatementSchema = formObject({
  csv: v.pipe(
    v.string('Paste or upload the bank statement as CSV'),
    v.check((csv) => csv.trim() !== '', 'Paste or upload the bank statement as CSV'),
    v.check(
      (csv) => new TextEncoder().encode(csv).length <= MAX_STATEMENT_BYTES,
      'The statement must be at most 1 MB',
    ),
  ),
});

export interface StatementLine {
  /** Its line number in the file (1 is the first line), so staff can find it. */
  line: number;
  date: string;
  /** Money in is positive, money out negative; null when the amount cell is not a number. */
  amountCents: number | null;
  description: string;
  /** Date, amount and description normalised, and which repeat of the same line it is: its identity. */
  identity: string;
}

export class StatementError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StatementError';
  }
}

/** Cells of CSV text (RFC 4180: quoted cells may hold the delimiter, quotes and line breaks). */
export function csvRows(text: string, delimiter = ','): { line: number; cells: string[] }[] {
  const rows: { line: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  const endRow = () => {
    cells.push(cell);
    if (cells.some((value) => value.trim() !== '')) rows.push({ line: rowLine, cells });
    cells = [];
    cell = '';
    rowLine = line;
  };
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else {
        if (char === '\n') line += 1;
        cell += char;
      }
    } else if (char === '"') quoted = true;
    else if (char === delimiter) {
      cells.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      line += 1;
      endRow();
    } else cell += char;
  }
  endRow();
  return rows;
}

const DATE_HEADER = /date/i;
const AMOUNT_HEADER = /amount/i;
const CREDIT_HEADER = /credit|deposit|money ?in|paid ?in/i;
const DEBIT_HEADER = /debit|withdrawal|money ?out|paid ?out/i;
const DESCRIPTION_HEADER =
  /desc|ref|memo|detail|narrat|payee|payer|name|note|text|remark|counterpart|e-?mail|info|purpose/i;

/** The delimiter the header line uses most: banks export with commas, semicolons or tabs. */
function delimiterOf(text: string): string {
  const firstLines = text.split(/\r?\n/, 20).join('\n');
  const counts = [',', ';', '\t'].map(
    (delimiter) => [delimiter, firstLines.split(delimiter).length] as const,
  );
  return counts.reduce((best, next) => (next[1] > best[1] ? next : best))[0];
}

/** '$1,234.50', '1234.5', '(15.00)', '-15', '15.00-' → signed cents; null when it is not an amount. */
export function statementCents(cell: string): number | null {
  let text = cell.trim().replace(/[$€£\s]/g, '');
  if (text === '') return null;
  let sign = 1;
  if (/^\(.*\)$/.test(text)) {
    sign = -1;
    text = text.slice(1, -1);
  }
  if (text.startsWith('-') || text.endsWith('-')) {
    sign = -sign;
    text = text.replace(/^-|-$/g, '');
  } else if (text.startsWith('+')) text = text.slice(1);
  const cents = parseCents(text.replace(/,(?=\d{3}(\D|$))/g, ''));
  return cents === undefined ? null : sign * cents;
}

const normalise = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * The lines of a bank statement. The header may follow a few lines of preamble; its names are found
 * case-insensitively: a date, an amount (or credit and debit columns), and every column that describes
 * the payment (description, reference, memo, name...), which are read together.
 */
export function parseBankStatement(csv: string): StatementLine[] {
  const text = csv.replace(/^\uFEFF/, '');
  const rows = csvRows(text, delimiterOf(text));
  const headerAt = rows
    .slice(0, 20)
    .findIndex(
      ({ cells }) =>
        cells.some((cell) => DATE_HEADER.test(cell)) &&
        cells.some((cell) => AMOUNT_HEADER.test(cell) || CREDIT_HEADER.test(cell)),
    );
  const header = rows[headerAt]?.cells;
  if (!header) throw new StatementError('The statement needs a header line with a date and an amount column');
  const find = (pattern: RegExp) => header.findIndex((cell) => pattern.test(cell));
  const date = find(DATE_HEADER);
  const amount = find(AMOUNT_HEADER);
  const credit = amount < 0 ? find(CREDIT_HEADER) : -1;
  const debit = amount < 0 ? find(DEBIT_HEADER) : -1;
  const described = header.flatMap((cell, index) =>
    index !== date && index !== amount && index !== credit && index !== debit && DESCRIPTION_HEADER.test(cell)
      ? [index]
      : [],
  );
  if (described.length === 0) {
    throw new StatementError('The statement needs a description or reference column');
  }
  const seen = new Map<string, number>();
  return rows.slice(headerAt + 1).map(({ line, cells }) => {
    const cell = (index: number) => (index < 0 ? '' : (cells[index] ?? '').trim());
    let amountCents: number | null;
    if (amount >= 0) amountCents = statementCents(cell(amount));
    else {
      const incoming = statementCents(cell(credit));
      const outgoing = statementCents(cell(debit));
      amountCents = incoming ? Math.abs(incoming) : outgoing ? -Math.abs(outgoing) : null;
    }
    const description = described
      .map(cell)
      .filter((value) => value !== '')
      .join(' ');
    const base = `${normalise(cell(date))}|${amountCents}|${normalise(description)}`;
    const repeat = (seen.get(base) ?? 0) + 1;
    seen.set(base, repeat);
    return { line, date: cell(date), amountCents, description, identity: `${base}|${repeat}` };
  });
}

/** A payment that awaits money, as matching needs it. */
export interface AwaitedPayment {
  id: string;
  reference: string;
  payerName: string;
  payerEmail: string;
  /** What is still to pay. */
  outstandingCents: number;
  createdAt: Date;
}

export type MatchedBy = 'reference' | 'payer';

// A payment's reference ('PF-7K3M-9QXA'), also when the bank dropped or changed its dashes.
const REFERENCE = /(?<![A-Z0-9])PF[\s_-]?([2-9A-HJ-NP-Z]{4})[\s_-]?([2-9A-HJ-NP-Z]{4})(?![A-Z0-9])/g;
const EMAIL = /[^\s@<>(),;:"'[\]]+@[^\s@<>(),;:"'[\]]+\.[A-Za-z]{2,}/g;

/** The payment references written in a description, as payments spell them. */
export function referencesIn(description: string): string[] {
  return [...description.toUpperCase().matchAll(REFERENCE)].map((match) => `PF-${match[1]}-${match[2]}`);
}

/** The awaiting payments by reference and by payer's e-mail, for matching a whole statement. */
export interface AwaitedIndex {
  byReference: Map<string, AwaitedPayment>;
  byEmail: Map<string, AwaitedPayment[]>;
}

export function indexAwaited(payments: readonly AwaitedPayment[]): AwaitedIndex {
  const index: AwaitedIndex = { byReference: new Map(), byEmail: new Map() };
  for (const payment of payments) {
    index.byReference.set(payment.reference.toUpperCase(), payment);
    const email = payment.payerEmail.toLowerCase();
    index.byEmail.set(email, [...(index.byEmail.get(email) ?? []), payment]);
  }
  return index;
}

/** A payment that no longer awaits money (paid in full) leaves the index. */
export function forgetAwaited(index: AwaitedIndex, payment: AwaitedPayment): void {
  index.byReference.delete(payment.reference.toUpperCase());
  const email = payment.payerEmail.toLowerCase();
  const left = (index.byEmail.get(email) ?? []).filter((other) => other.id !== payment.id);
  if (left.length > 0) index.byEmail.set(email, left);
  else index.byEmail.delete(email);
}

/**
 * Which awaiting payment a statement line pays: the one whose reference it carries, else one whose
 * payer's full name and e-mail it both carries. When a payer awaits several payments (a farm's signup
 * and monthly fees), the one whose amount is exactly what is still owed, else the oldest.
 */
export function matchStatementLine(
  line: Pick<StatementLine, 'description' | 'amountCents'>,
  index: AwaitedIndex,
): { payment: AwaitedPayment; by: MatchedBy } | null {
  for (const reference of referencesIn(line.description)) {
    const payment = index.byReference.get(reference);
    if (payment) return { payment, by: 'reference' };
  }
  const described = normalise(line.description);
  const exact = (payment: AwaitedPayment) => Number(payment.outstandingCents === line.amountCents);
  const byPayer = [...line.description.matchAll(EMAIL)]
    .flatMap((match) => index.byEmail.get(match[0].toLowerCase()) ?? [])
    .filter(
      (payment) => normalise(payment.payerName) !== '' && described.includes(normalise(payment.payerName)),
    )
    .sort((a, b) => exact(b) - exact(a) || a.createdAt.getTime() - b.createdAt.getTime());
  const [first] = byPayer;
  return first ? { payment: first, by: 'payer' } : null;
}
