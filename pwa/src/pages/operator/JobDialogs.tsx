// The three answers that need words or numbers: decline (with the reason the customer reads), a
// counter-offer (a new price and/or ready-by date) and shipping (carrier and tracking number).

import { counterOfferSchema, declineJobSchema, shipJobSchema } from '@printfarm/domain/printJob';
import { type Carrier, detectCarrier, trackingNumberHint } from '@printfarm/domain/tracking';
import type { ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { type JobActionInputs, type OperatorJob, useJobAction } from '../../api/operator.ts';
import { useDomainForm } from '../../components/form/useDomainForm.ts';
import { Button } from '../../components/ui/button.tsx';
import { FieldMessage, FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Select } from '../../components/ui/select.tsx';
import type { ToastOptions } from '../../components/ui/toast.tsx';
import { CARRIER_OPTIONS } from '../../lib/carrierOptions.ts';
import { CommandDialog, type CommandForm, ReasonField } from './CommandDialog.tsx';
import { day, money } from './format.ts';
import { jobActionFailure } from './jobActionFailures.ts';

interface DialogProps {
  job: OperatorJob;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** 'YYYY-MM-DD' of the day after today on this device's calendar: the earliest ready-by date. */
function tomorrow(): string {
  const date = new Date();
  date.setDate(date.getDate() + 1);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

type DialogAction = 'decline' | 'counter' | 'ship';

/** Each answer's dialog: its words, the toast once the server took it, and its form's look. */
const DIALOGS: Record<
  DialogAction,
  {
    title: string;
    description: (job: OperatorJob) => string;
    taken: ToastOptions;
    submit: string;
    destructive?: boolean;
    formClassName?: string;
  }
> = {
  decline: {
    title: 'Decline this job?',
    description: () =>
      'The job goes to the next farm at once. Declines count in your farm’s decline rate, which offers are ranked by.',
    taken: { title: 'Job declined', description: 'The customer’s order goes to the next farm.' },
    submit: 'Decline job',
    destructive: true,
  },
  counter: {
    title: 'Propose new terms',
    description: (job) =>
      `Now ${money(job.price)}, ready by ${day(job.readyBy)}. Change the price, the date or both; if the customer refuses, the job goes to the next farm.`,
    taken: {
      title: 'Counter-offer sent',
      description: 'The customer is asked to accept your terms. You will see their answer here.',
    },
    submit: 'Send counter-offer',
    formClassName: 'op-dialog-form',
  },
  ship: {
    title: 'Mark shipped',
    description: () => 'The customer gets the carrier and a link to follow the parcel.',
    taken: { title: 'Marked shipped', description: 'The customer has the tracking link.' },
    submit: 'Mark shipped',
    formClassName: 'op-dialog-form',
  },
};

/** An answer's dialog: its form, sent as that answer on the job. */
function JobCommandDialog<A extends DialogAction, TForm extends FieldValues>({
  job,
  action,
  form,
  children,
  ...shown
}: DialogProps & { action: A; form: CommandForm<JobActionInputs[A], TForm>; children: ReactNode }) {
  const answer = useJobAction(job.id, action, jobActionFailure(action));
  const { description, ...words } = DIALOGS[action];
  return (
    <CommandDialog
      {...shown}
      {...words}
      description={description(job)}
      form={form}
      send={answer.mutate}
      pending={answer.isPending}
    >
      {children}
    </CommandDialog>
  );
}

export function DeclineDialog({ job, ...shown }: DialogProps) {
  const form = useDomainForm(declineJobSchema, { defaultValues: { reason: '' }, send: 'typed' });
  return (
    <JobCommandDialog {...shown} job={job} action="decline" form={form}>
      <ReasonField
        label="Reason"
        hint="The customer reads this."
        maxLength={500}
        placeholder="e.g. Our PETG printers are booked until next week"
        {...form.field('reason')}
      />
    </JobCommandDialog>
  );
}

interface CounterValues {
  price: string;
  readyBy: string;
}

/** Empty fields are left out: a counter-offer may change the price, the date or both. */
const counterInput = ({ price, readyBy }: CounterValues): JobActionInputs['counter'] => ({
  ...(price.trim() ? { price: price.trim() } : {}),
  ...(readyBy ? { readyBy } : {}),
});

export function CounterDialog({ job, ...shown }: DialogProps) {
  const form = useDomainForm(counterOfferSchema, {
    defaultValues: { price: '', readyBy: '' },
    send: counterInput,
  });
  const { errors } = form.formState;
  return (
    <JobCommandDialog {...shown} job={job} action="counter" form={form}>
      <FormField
        label="New price ($)"
        hint="For the whole order, shipping included."
        error={errors.price?.message}
      >
        <Input
          inputMode="decimal"
          autoComplete="off"
          placeholder={job.price}
          autoFocus
          {...form.register('price')}
        />
      </FormField>
      <FormField label="New ready-by date" error={errors.readyBy?.message}>
        <Input type="date" min={tomorrow()} {...form.register('readyBy')} />
      </FormField>
      <FieldMessage error={errors.root?.message} />
    </JobCommandDialog>
  );
}

export function ShipDialog({ job, ...shown }: DialogProps) {
  const form = useDomainForm(shipJobSchema, {
    defaultValues: { carrier: 'UPS', trackingNumber: '' },
    send: 'typed',
  });
  const { errors } = form.formState;
  const carrier = form.watch('carrier') as Carrier;
  // A number in another carrier's format is usually the wrong carrier picked, not a wrong number.
  const detected = detectCarrier(form.watch('trackingNumber'));
  const otherCarrier = detected && detected !== carrier ? detected : null;
  return (
    <JobCommandDialog {...shown} job={job} action="ship" form={form}>
      <FormField label="Carrier" required error={errors.carrier?.message}>
        <Select options={CARRIER_OPTIONS} {...form.register('carrier')} />
      </FormField>
      <FormField
        label="Tracking number"
        required
        hint={trackingNumberHint(carrier)}
        error={errors.trackingNumber?.message}
      >
        <Input
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          autoFocus
          {...form.register('trackingNumber')}
        />
      </FormField>
      {otherCarrier && (
        <p className="op-carrier-hint" role="status">
          This looks like a {otherCarrier} tracking number.{' '}
          <Button
            variant="link"
            size="sm"
            onClick={() => form.setValue('carrier', otherCarrier, { shouldValidate: true })}
          >
            Use {otherCarrier}
          </Button>
        </p>
      )}
    </JobCommandDialog>
  );
}
