// The store's own shipping rules: Standard's fee, which faster methods it offers at what fee, and the
// subtotal from which Standard ships free. Checkout and the server's total use exactly these.
import {
  SHIPPING_METHODS,
  type ShippingRatesView,
  type StoreShippingInput,
  shippingRatesFromView,
  shippingSummary,
  storeShippingSchema,
} from '@printfarm/domain/shipping';
import { useEffect } from 'react';
import { useWatch } from 'react-hook-form';
import * as v from 'valibot';
import { errorMessage } from '../../api/request.ts';
import { type ManagedStore, useSaveShipping } from '../../api/stores.ts';
import { useDomainForm } from '../../components/form/useDomainForm.ts';
import { Button } from '../../components/ui/button.tsx';
import { TitledCard } from '../../components/ui/card.tsx';
import { CheckboxField } from '../../components/ui/checkbox.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { toast } from '../../components/ui/toast.tsx';

/** The form's values from the store's rules, fees in dollars as people type them. */
function valuesOf(view: ShippingRatesView): StoreShippingInput {
  const fee = (id: string) => view.methods.find((method) => method.id === id)?.fee;
  return {
    standard: { fee: fee('standard') ?? '0.00' },
    expedited: { offered: fee('expedited') !== undefined, fee: fee('expedited') ?? '' },
    overnight: { offered: fee('overnight') !== undefined, fee: fee('overnight') ?? '' },
    freeShippingOver: view.freeShippingOver ?? '',
  };
}

/** What the storefront will advertise for the rules being typed, or null while they do not parse. */
function preview(values: StoreShippingInput): string | null {
  const parsed = v.safeParse(storeShippingSchema, values);
  return parsed.success ? shippingSummary(parsed.output) : null;
}

export function ShippingRules({ store }: { store: ManagedStore }) {
  const save = useSaveShipping(store);
  const {
    register,
    control,
    handleSubmit,
    getValues,
    reset,
    applyServerErrors,
    formState: { errors, isDirty },
  } = useDomainForm(storeShippingSchema, {
    defaultValues: valuesOf(store.shipping),
  });
  const values = useWatch({ control }) as StoreShippingInput;

  useEffect(() => reset(valuesOf(store.shipping)), [store.shipping, reset]);

  // The server parses the same form with the same schema, so it gets the fields as typed.
  const onValid = () =>
    save.mutate(getValues(), {
      onSuccess: (updated) => {
        const summary = shippingSummary(shippingRatesFromView(updated.shipping));
        toast({ title: 'Shipping rules saved', description: `Your store now shows: ${summary}.` });
      },
      onError: (error) =>
        applyServerErrors(error, {
          toast: {
            title: 'Error',
            description: (error) => errorMessage(error, 'Failed to save the shipping rules'),
          },
        }),
    });

  const summary = preview(values);
  return (
    <TitledCard
      title="Shipping Rules"
      description={
        store.hasOwnShipping
          ? 'What checkout charges in your store.'
          : "Your store charges the network's standard table until you save your own rules."
      }
    >
      <form
        className="shipping-rules"
        onSubmit={handleSubmit(onValid)}
        noValidate
        aria-label="Shipping rules"
      >
        <fieldset className="shipping-rules__method">
          <legend>Standard</legend>
          <p className="shipping-rules__time">{SHIPPING_METHODS.standard.deliveryTime} · always offered</p>
          <FormField label="Standard fee ($)" error={errors.standard?.fee?.message} hint="0 for free">
            <Input inputMode="decimal" {...register('standard.fee')} />
          </FormField>
        </fieldset>
        {(['expedited', 'overnight'] as const).map((id) => (
          <fieldset key={id} className="shipping-rules__method">
            <legend>{SHIPPING_METHODS[id].name}</legend>
            <p className="shipping-rules__time">{SHIPPING_METHODS[id].deliveryTime}</p>
            <CheckboxField label={`Offer ${SHIPPING_METHODS[id].name}`} {...register(`${id}.offered`)} />
            {values[id]?.offered && (
              <FormField label={`${SHIPPING_METHODS[id].name} fee ($)`} error={errors[id]?.fee?.message}>
                <Input inputMode="decimal" {...register(`${id}.fee`)} />
              </FormField>
            )}
          </fieldset>
        ))}
        <FormField
          label="Free Standard shipping from ($)"
          error={errors.freeShippingOver?.message}
          hint="Orders whose subtotal reaches this ship free by Standard. Leave empty for never."
          className="shipping-rules__threshold"
        >
          <Input inputMode="decimal" placeholder="e.g. 75" {...register('freeShippingOver')} />
        </FormField>
        <div className="shipping-rules__footer">
          <p className="shipping-rules__preview" aria-live="polite">
            {summary ? (
              <>
                Your storefront shows: <strong data-testid="shipping-preview">{summary}</strong>
              </>
            ) : (
              'Fix the fields above to see what your storefront will show.'
            )}
          </p>
          <Button type="submit" loading={save.isPending} disabled={store.hasOwnShipping && !isDirty}>
            Save Shipping Rules
          </Button>
        </div>
      </form>
    </TitledCard>
  );
}
