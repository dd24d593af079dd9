// The three answers that need words or numbers: decline (with the reason the customer reads), a
// counter-offer (a new price and/or ready-by date) and shipping (carrier and tracking number).

import { counterOfferSchema, declineJobSchema, shipJobSchema } from '@printfarm/domain/printJob';
import { type Carrier, detectCarrier, trackingNumberHint } from '@printfarm/domain/tracking';
import { type JobActionInputs, type OperatorJob, useJobAction } from '../../api/operator.ts';
import { useDomainForm } from '../../components/form/useDomainForm.ts';
import { Button } from '../../components/ui/button.tsx';
import { FieldMessage, FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Select } from '../../components/ui/select.tsx';
import { CARRIER_OPTIONS } from '../../lib/carrierOptions.ts';
import { CommandDialog, ReasonField } from './CommandDialog.tsx';
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

export function DeclineDialog({ job, ...shown }: DialogProps) {
  const decline = useJobAction(job.id, 'decline', jobActionFailure('decline'));
  const form = useDomainForm(declineJobSchema, { defaultValues: { reason: '' }, send: 'typed' });
  return (
    <CommandDialog
      {...shown}
      title="Decline this job?"
      description="The job goes to the next farm at once. Declines count in your farm’s decline rate, which offers are ranked by."
      form={form}
      send={decline.mutate}
      pending={decline.isPending}
      taken={{ title: 'Job declined', description: 'The customer’s order goes to the next farm.' }}
      submit="Decline job"
      destructive
    >
      <ReasonField
        label="Reason"
        hint="The customer reads this."
        maxLength={500}
        placeholder="e.g. Our PETG printers are booked until next week"
        {...form.field('reason')}
      />
    </CommandDialog>
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
  const counter = useJobAction(job.id, 'counter', jobActionFailure('counter'));
  const form = useDomainForm(counterOfferSchema, {
    defaultValues: { price: '', readyBy: '' },
    send: counterInput,
  });
  const { errors } = form.formState;
  return (
    <CommandDialog
      {...shown}
      title="Propose new terms"
      description={`Now ${money(job.price)}, ready by ${day(job.readyBy)}. Change the price, the date or both; if the customer refuses, the job goes to the next farm.`}
      form={form}
      send={counter.mutate}
      pending={counter.isPending}
      taken={{
        title: 'Counter-offer sent',
        description: 'The customer is asked to accept your terms. You will see their answer here.',
      }}
      submit="Send counter-offer"
      formClassName="op-dialog-form"
    >
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
    </CommandDialog>
  );
}

export function ShipDialog({ job, ...shown }: DialogProps) {
  const ship = useJobAction(job.id, 'ship', jobActionFailure('ship'));
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
    <CommandDialog
      {...shown}
      title="Mark shipped"
      description="The customer gets the carrier and a link to follow the parcel."
      form={form}
      send={ship.mutate}
      pending={ship.isPending}
      taken={{ title: 'Marked shipped', description: 'The customer has the tracking link.' }}
      submit="Mark shipped"
      formClassName="op-dialog-form"
    >
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
    </CommandDialog>
  );
}
