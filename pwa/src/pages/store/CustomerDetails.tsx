// The checkout's customer details: contact, shipping address, shipping method and notes.
import type { OrderDetailsInput } from '@printfarm/domain/order';
import type { FieldPath } from 'react-hook-form';
import type { FieldBinding } from '../../components/form/useDomainForm.ts';
import { FormField, TextField } from '../../components/ui/form-field.tsx';
import { Select } from '../../components/ui/select.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { US_STATE_OPTIONS } from '../../lib/stateOptions.ts';

export function CustomerDetails({
  field,
  options,
}: {
  field: (name: FieldPath<OrderDetailsInput>) => FieldBinding;
  /** The store's shipping methods for this cart. */
  options: readonly { id: string; label: string }[];
}) {
  return (
    <section className="checkout__details" aria-label="Your details">
      <div className="form-grid">
        <TextField label="Full Name" required {...field('customerName')} autoComplete="name" />
        <TextField label="Email" required {...field('customerEmail')} type="email" autoComplete="email" />
        <TextField label="Phone (optional)" {...field('customerPhone')} type="tel" autoComplete="tel" />
      </div>
      <fieldset className="checkout__address">
        <legend>Shipping Address</legend>
        <TextField
          label="Street Address"
          required
          {...field('shippingAddress.street')}
          autoComplete="shipping street-address"
        />
        <div className="form-grid form-grid--3">
          <TextField
            label="City"
            required
            {...field('shippingAddress.city')}
            autoComplete="shipping address-level2"
          />
          <FormField label="State" required {...field('shippingAddress.state')}>
            <Select
              autoComplete="shipping address-level1"
              placeholder="Choose a state"
              options={US_STATE_OPTIONS}
            />
          </FormField>
          <TextField
            label="ZIP Code"
            required
            {...field('shippingAddress.zipCode')}
            autoComplete="shipping postal-code"
            maxLength={10}
            placeholder="e.g. 27601"
          />
        </div>
      </fieldset>
      <FormField label="Shipping Method" {...field('shippingMethod')}>
        <Select options={options.map((option) => ({ value: option.id, label: option.label }))} />
      </FormField>
      <FormField label="Order Notes (optional)" {...field('notes')}>
        <Textarea rows={3} />
      </FormField>
    </section>
  );
}
