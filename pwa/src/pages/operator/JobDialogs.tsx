// The three answers that need words or numbers: decline (with the reason the customer reads), a
// counter-offer (a new price and/or ready-by date) and shipping (carrier and tracking number).

import { counterOfferSchema, declineJobSchema, shipJobSchema } from '@printfarm/domain/printJob';
import { type Carrier, detectCarrier, trackingNumberHint } from '@printfarm/domain/tracking';
import { useId } from 'react';
import { type JobActionInputs, type OperatorJob, useJobAction } from '../../api/operator.ts';
import { useDomainForm } from '../../components/form/useDomainForm.ts';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Select } from '../../components/ui/select.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { toast } from '../../components/ui/toast.tsx';
import { CARRIER_OPTIONS } from '../../lib/carrierOptions.ts';
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

function Footer({
  formId,
  pending,
  submit,
  destructive = false,
  onCancel,
}: {
  formId: string;
  pending: boolean;
  submit: string;
  destructive?: boolean;
  onCancel: () => void;
}) {
  return (
    <>
      <Button variant="outline" onClick={onCancel} disabled={pending}>
        Cancel
      </Button>
      <Button type="submit" form={formId} variant={destructive ? 'destructive' : 'default'} loading={pending}>
        {submit}
      </Button>
    </>
  );
}

export function DeclineDialog({ job, open, onOpenChange }: DialogProps) {
  const formId = useId();
  const decline = useJobAction(job.id, 'decline', jobActionFailure('decline'));
  const {
    register,
    handleSubmit,
    applyServerErrors,
    formState: { errors },
  } = useDomainForm(declineJobSchema, { defaultValues: { reason: '' }, send: 'typed' });
  const onSubmit = handleSubmit((input) =>
    decline.mutate(input, {
      onSuccess: () => {
        onOpenChange(false);
        toast({ title: 'Job declined', description: 'The customer’s order goes to the next farm.' });
      },
      onError: (error) => applyServerErrors(error, { focus: true }),
    }),
  );
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Decline this job?"
      description="The job goes to the next farm at once. Declines count in your farm’s decline rate, which offers are ranked by."
      size="sm"
      dismissible={!decline.isPending}
      footer={
        <Footer
          formId={formId}
          pending={decline.isPending}
          submit="Decline job"
          destructive
          onCancel={() => onOpenChange(false)}
        />
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate>
        <FormField label="Reason" required hint="The customer reads this." error={errors.reason?.message}>
          <Textarea
            rows={3}
            maxLength={500}
            autoFocus
            placeholder="e.g. Our PETG printers are booked until next week"
            {...register('reason')}
          />
        </FormField>
      </form>
    </Dialog>
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

export function CounterDialog({ job, open, onOpenChange }: DialogProps) {
  const formId = useId();
  const counter = useJobAction(job.id, 'counter', jobActionFailure('counter'));
  const {
    register,
    handleSubmit,
    applyServerErrors,
    formState: { errors },
  } = useDomainForm(counterOfferSchema, { defaultValues: { price: '', readyBy: '' }, send: counterInput });
  const onSubmit = handleSubmit((input) =>
    counter.mutate(input, {
      onSuccess: () => {
        onOpenChange(false);
        toast({
          title: 'Counter-offer sent',
          description: 'The customer is asked to accept your terms. You will see their answer here.',
        });
      },
      onError: (error) => applyServerErrors(error, { focus: true }),
    }),
  );
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Propose new terms"
      description={`Now ${money(job.price)}, ready by ${day(job.readyBy)}. Change the price, the date or both; if the customer refuses, the job goes to the next farm.`}
      size="sm"
      dismissible={!counter.isPending}
      footer={
        <Footer
          formId={formId}
          pending={counter.isPending}
          submit="Send counter-offer"
          onCancel={() => onOpenChange(false)}
        />
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate className="op-dialog-form">
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
            {...register('price')}
          />
        </FormField>
        <FormField label="New ready-by date" error={errors.readyBy?.message}>
          <Input type="date" min={tomorrow()} {...register('readyBy')} />
        </FormField>
        {errors.root?.message && (
          <p className="field__error" role="alert">
            {errors.root.message}
          </p>
        )}
      </form>
    </Dialog>
  );
}

export function ShipDialog({ job, open, onOpenChange }: DialogProps) {
  const formId = useId();
  const ship = useJobAction(job.id, 'ship', jobActionFailure('ship'));
  const {
    register,
    handleSubmit,
    applyServerErrors,
    watch,
    setValue,
    formState: { errors },
  } = useDomainForm(shipJobSchema, { defaultValues: { carrier: 'UPS', trackingNumber: '' }, send: 'typed' });
  const carrier = watch('carrier') as Carrier;
  // A number in another carrier's format is usually the wrong carrier picked, not a wrong number.
  const detected = detectCarrier(watch('trackingNumber'));
  const otherCarrier = detected && detected !== carrier ? detected : null;
  const onSubmit = handleSubmit((input) =>
    ship.mutate(input, {
      onSuccess: () => {
        onOpenChange(false);
        toast({ title: 'Marked shipped', description: 'The customer has the tracking link.' });
      },
      onError: (error) => applyServerErrors(error, { focus: true }),
    }),
  );
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Mark shipped"
      description="The customer gets the carrier and a link to follow the parcel."
      size="sm"
      dismissible={!ship.isPending}
      footer={
        <Footer
          formId={formId}
          pending={ship.isPending}
          submit="Mark shipped"
          onCancel={() => onOpenChange(false)}
        />
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate className="op-dialog-form">
        <FormField label="Carrier" required error={errors.carrier?.message}>
          <Select options={CARRIER_OPTIONS} {...register('carrier')} />
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
            {...register('trackingNumber')}
          />
        </FormField>
        {otherCarrier && (
          <p className="op-carrier-hint" role="status">
            This looks like a {otherCarrier} tracking number.{' '}
            <Button
              variant="link"
              size="sm"
              onClick={() => setValue('carrier', otherCarrier, { shouldValidate: true })}
            >
              Use {otherCarrier}
            </Button>
          </p>
        )}
      </form>
    </Dialog>
  );
}
