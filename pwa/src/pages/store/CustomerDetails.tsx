// The checkout's customer details: contact, shipping address, shipping method and notes.
import type { OrderDetailsInput } from '@printfarm/domain/order';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Select } from '../../components/ui/select.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { US_STATE_OPTIONS } from '../../lib/stateOptions.ts';

export function CustomerDetails({
  register,
  errors,
  options,
}: {
  register: UseFormRegister<OrderDetailsInput>;
  errors: FieldErrors<OrderDetailsInput>;
  /** The store's shipping methods for this cart. */
  options: readonly { id: string; label: string }[];
}) {
  return (
    <section className="checkout__details" aria-label="Your details">
      <div className="form-grid">
        <FormField label="Full Name" error={errors.customerName?.message} required>
          <Input autoComplete="name" {...register('customerName')} />
        </FormField>
        <FormField label="Email" error={errors.customerEmail?.message} required>
          <Input type="email" autoComplete="email" {...register('customerEmail')} />
        </FormField>
        <FormField label="Phone (optional)" error={errors.customerPhone?.message}>
          <Input type="tel" autoComplete="tel" {...register('customerPhone')} />
        </FormField>
      </div>
      <fieldset className="checkout__address">
        <legend>Shipping Address</legend>
        <FormField label="Street Address" error={errors.shippingAddress?.street?.message} required>
          <Input autoComplete="shipping street-address" {...register('shippingAddress.street')} />
        </FormField>
        <div className="form-grid form-grid--3">
          <FormField label="City" error={errors.shippingAddress?.city?.message} required>
            <Input autoComplete="shipping address-level2" {...register('shippingAddress.city')} />
          </FormField>
          <FormField label="State" error={errors.shippingAddress?.state?.message} required>
            <Select
              autoComplete="shipping address-level1"
              placeholder="Choose a state"
              options={US_STATE_OPTIONS}
              {...register('shippingAddress.state')}
            />
          </FormField>
          <FormField label="ZIP Code" error={errors.shippingAddress?.zipCode?.message} required>
            <Input
              autoComplete="shipping postal-code"
              maxLength={10}
              placeholder="e.g. 27601"
              {...register('shippingAddress.zipCode')}
            />
          </FormField>
        </div>
      </fieldset>
      <FormField label="Shipping Method" error={errors.shippingMethod?.message}>
        <Select
          options={options.map((option) => ({ value: option.id, label: option.label }))}
          {...register('shippingMethod')}
        />
      </FormField>
      <FormField label="Order Notes (optional)" error={errors.notes?.message}>
        <Textarea rows={3} {...register('notes')} />
      </FormField>
    </section>
  );
}
