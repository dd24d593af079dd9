import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  type AwaitedPayment,
  bankStatementSchema,
  csvRows,
  forgetAwaited,
  indexAwaited,
  matchStatementLine,
  parseBankStatement,
  paymentReceivedSchema,
  referencesIn,
  StatementError,
  statementCents,
} from './receipts.ts';

describe('recording a transfer', () => {
  it('takes a positive whole number of cents and a bank reference of 1 to 100 characters', () => {
    expect(v.parse(paymentReceivedSchema, { amountCents: 1500, reference: ' ACH 889 ' })).toEqual({
      amountCents: 1500,
      reference: 'ACH 889',
    });
    for (const bad of [
      { amountCents: 0, reference: 'x' },
      { amountCents: 1.5, reference: 'x' },
      { amountCents: '15', reference: 'x' },
      { amountCents: 100, reference: '' },
      { amountCents: 100, reference: 'x'.repeat(101) },
    ]) {
      expect(v.safeParse(paymentReceivedSchema, bad).success).toBe(false);
    }
  });

  it('takes a statement of at most 1 MB', () => {
    expect(v.safeParse(bankStatementSchema, { csv: 'a'.repeat(1024 * 1024) }).success).toBe(true);
    expect(v.safeParse(bankStatementSchema, { csv: 'a'.repeat(1024 * 1024 + 1) }).success).toBe(false);
    expect(v.safeParse(bankStatementSchema, { csv: '  ' }).success).toBe(false);
  });
});

describe('reading a bank statement', () => {
  it('splits quoted cells with commas, quotes and line breaks', () => {
    expect(csvRows('a,"b, c","say ""hi""\nthere"\r\n\r\nd,e,f')).toEqual([
      { line: 1, cells: ['a', 'b, c', 'say "hi"\nthere'] },
      { line: 4, cells: ['d', 'e', 'f'] },
    ]);
  });

  it('reads amounts as banks write them', () => {
    expect(statementCents('$1,234.50')).toBe(123450);
    expect(statementCents('15')).toBe(1500);
    expect(statementCents('(15.00)')).toBe(-1500);
    expect(statementCents('-0.99')).toBe(-99);
    expect(statementCents('15.00-')).toBe(-1500);
    expect(statementCents('fifteen')).toBeNull();
    expect(statementCents('')).toBeNull();
  });

  it('finds the header after a preamble, in any case, and reads every describing column together', () => {
    const csv = [
      'Account statement,,,',
      'Posting DATE;Details;AMOUNT;Reference',
      '2026-05-02;ACH credit Pat Payer;750.00;PF-7K3M-9QXA',
      '2026-05-02;Fee;-2.50;',
    ].join('\n');
    const lines = parseBankStatement(csv);
    expect(lines.map(({ identity, ...line }) => line)).toEqual([
      { line: 3, date: '2026-05-02', amountCents: 75000, description: 'ACH credit Pat Payer PF-7K3M-9QXA' },
      { line: 4, date: '2026-05-02', amountCents: -250, description: 'Fee' },
    ]);
  });

  it('reads credit and debit columns when there is no amount column', () => {
    const lines = parseBankStatement('Date,Memo,Credit,Debit\n05/02/2026,In,15.00,\n05/03/2026,Out,,9.99\n');
    expect(lines.map((line) => line.amountCents)).toEqual([1500, -999]);
  });

  it('tells identical lines apart by their repeat, the same way on every upload', () => {
    const csv = 'date,amount,description\n2026-05-01,15,PF-AAAA-BBBB\n2026-05-01,15,PF-AAAA-BBBB\n';
    const [first, second] = parseBankStatement(csv);
    expect(first?.identity).not.toBe(second?.identity);
    expect(parseBankStatement(csv).map((line) => line.identity)).toEqual([first?.identity, second?.identity]);
  });

  it('refuses a statement without a date and amount, or without a description', () => {
    expect(() => parseBankStatement('foo,bar\n1,2')).toThrow(StatementError);
    expect(() => parseBankStatement('date,amount\n2026-05-01,15')).toThrow(/description/);
  });
});

describe('matching a line to an awaiting payment', () => {
  const payment = (id: string, reference: string, outstandingCents: number, day: number): AwaitedPayment => ({
    id,
    reference,
    payerName: 'Pat Payer',
    payerEmail: 'pat@example.test',
    outstandingCents,
    createdAt: new Date(Date.UTC(2026, 4, day)),
  });
  const signup = payment('signup', 'PF-7K3M-9QXA', 75000, 1);
  const monthly = payment('monthly', 'PF-22MM-3344', 1500, 2);

  it('finds references however the bank wrote them', () => {
    expect(referencesIn('ref pf7k3m9qxa and PF 22MM 3344, not XPF-7K3M-9QXA')).toEqual([
      'PF-7K3M-9QXA',
      'PF-22MM-3344',
    ]);
  });

  it('matches by reference first, then by the full name and e-mail together', () => {
    const index = indexAwaited([signup, monthly]);
    expect(matchStatementLine({ description: 'Zelle PF-22MM-3344', amountCents: 1500 }, index)).toEqual({
      payment: monthly,
      by: 'reference',
    });
    // Name and e-mail: the payment whose amount is what was paid, else the oldest.
    const byPayer = { description: 'Venmo from PAT PAYER (Pat@Example.test)', amountCents: 1500 };
    expect(matchStatementLine(byPayer, index)).toEqual({ payment: monthly, by: 'payer' });
    expect(matchStatementLine({ ...byPayer, amountCents: 999 }, index)?.payment).toBe(signup);
    // The e-mail alone, or the name alone, is not enough.
    expect(matchStatementLine({ description: 'pat@example.test', amountCents: 1500 }, index)).toBeNull();
    expect(matchStatementLine({ description: 'Pat Payer', amountCents: 1500 }, index)).toBeNull();
  });

  it('forgets a payment once it is paid', () => {
    const index = indexAwaited([signup, monthly]);
    forgetAwaited(index, monthly);
    expect(matchStatementLine({ description: 'PF-22MM-3344', amountCents: 1500 }, index)).toBeNull();
    expect(
      matchStatementLine({ description: 'Pat Payer pat@example.test', amountCents: 1500 }, index)?.payment,
    ).toBe(signup);
  });
});
