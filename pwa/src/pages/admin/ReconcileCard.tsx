// A bank statement, pasted or picked as a CSV file, matched line by line to the payments awaiting money:
// what was matched (and recorded), what could not be and why, and lines recorded by an earlier upload.

import { formatUsd } from '@printfarm/domain/money';
import { bankStatementSchema, MAX_STATEMENT_BYTES } from '@printfarm/domain/receipts';
import type { ChangeEvent } from 'react';
import { type Reconciliation, useReconcileStatement } from '../../api/adminPayments.ts';
import { useDomainForm } from '../../components/form/useDomainForm.ts';
import { Button } from '../../components/ui/button.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { toastOnFailure } from '../../components/ui/toastOnFailure.ts';

type Line = Reconciliation['unmatched'][number] | Reconciliation['matched'][number];

const amount = (cents: number | null) => (cents === null ? '—' : formatUsd(cents));

function LineFacts({ line }: { line: Pick<Line, 'line' | 'date' | 'amountCents' | 'description'> }) {
  return (
    <>
      <span className="statement__line">Line {line.line}</span>
      <span className="statement__date">{line.date}</span>
      <span className="statement__amount">{amount(line.amountCents)}</span>
      <span className="statement__description">{line.description}</span>
    </>
  );
}

function Results({ result }: { result: Reconciliation }) {
  return (
    <div className="statement" aria-live="polite">
      <h3 className="statement__heading">Matched ({result.matched.length})</h3>
      {result.matched.length === 0 ? (
        <p className="staff-page__empty">No line matched an awaiting payment.</p>
      ) : (
        <ul className="statement__list">
          {result.matched.map((line) => (
            <li key={line.line} className="statement__row statement__row--matched">
              <LineFacts line={line} />
              <span className="statement__outcome">
                {line.payment.reference}{' '}
                {line.payment.status === 'awaiting'
                  ? `· ${formatUsd(line.payment.amountCents - line.payment.receivedCents)} still owed`
                  : '· paid in full'}{' '}
                (by {line.matchedBy === 'reference' ? 'reference' : 'payer’s name and e-mail'})
              </span>
            </li>
          ))}
        </ul>
      )}
      <h3 className="statement__heading">Not matched ({result.unmatched.length})</h3>
      {result.unmatched.length === 0 ? (
        <p className="staff-page__empty">Every line of money in was matched.</p>
      ) : (
        <ul className="statement__list">
          {result.unmatched.map((line) => (
            <li key={line.line} className="statement__row statement__row--unmatched">
              <LineFacts line={line} />
              <span className="statement__outcome">{line.reason}</span>
            </li>
          ))}
        </ul>
      )}
      {result.alreadyRecorded.length > 0 && (
        <p className="staff-page__empty">
          {result.alreadyRecorded.length} line{result.alreadyRecorded.length === 1 ? ' was' : 's were'}{' '}
          recorded by an earlier upload and counted once.
        </p>
      )}
    </div>
  );
}

export function ReconcileCard() {
  const reconcile = useReconcileStatement(toastOnFailure('Could not read the statement'));
  const form = useDomainForm(bankStatementSchema, { defaultValues: { csv: '' }, reValidateMode: 'onChange' });
  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    event.currentTarget.value = '';
    if (!file) return;
    if (file.size > MAX_STATEMENT_BYTES) {
      form.setError('csv', { message: 'The statement must be at most 1 MB' });
      return;
    }
    form.setValue('csv', await file.text(), { shouldValidate: true });
  };
  const onSubmit = form.handleSubmit(({ csv }) =>
    reconcile.mutate(csv, { onError: (error) => form.applyServerErrors(error, { focus: true }) }),
  );
  return (
    <>
      <form className="statement-form" onSubmit={onSubmit} noValidate aria-label="Match a bank statement">
        <FormField
          label="Bank statement (CSV)"
          hint="Paste it, or pick the file your bank exported. Each line of money in is matched by its reference, or by the payer’s full name and e-mail."
          {...form.field('csv')}
        >
          <Textarea rows={5} spellCheck={false} className="statement-form__csv" />
        </FormField>
        <div className="statement-form__actions">
          <label className="btn btn--outline btn--md statement-form__file">
            Choose CSV file
            <input type="file" accept=".csv,text/csv,text/plain" onChange={(event) => void pick(event)} />
          </label>
          <Button type="submit" loading={reconcile.isPending}>
            Match statement
          </Button>
        </div>
      </form>
      {reconcile.data && <Results result={reconcile.data} />}
    </>
  );
}
