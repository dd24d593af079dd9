// The checkout's customer details: contact, shipping address, shipping method and notes.
import type { OrderDetailsInput } from '@printfarm/domain/order';
import type { FieldPath } from 'react-hook-form';
import type { FieldBinding } from '../../components/form/useDomainForm.ts';
import { AddressFields } from '../../components/ui/addressFields.tsx';
import { FormField, TextField } from '../../components/ui/form-field.tsx';
import { Select } from '../../components/ui/select.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';

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
        <AddressFields
          field={field}
          streetLabel="Street Address"
          statePlaceholder="Choose a state"
          gridClassName="form-grid form-grid--3"
          zipCode={{ label: 'ZIP Code', maxLength: 10, placeholder: 'e.g. 27601' }}
        />
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
