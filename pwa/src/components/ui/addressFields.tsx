// A US shipping address's street, city, state and ZIP code, as the offer's 'Place the order' dialog and
// the store's checkout ask for it; each form keeps its own words for the labels.
import type { ComponentProps, ReactNode } from 'react';
import { US_STATE_OPTIONS } from '../../lib/stateOptions.ts';
import type { FieldBinding } from '../form/useDomainForm.ts';
import { FormField, TextField } from './form-field.tsx';
import { Select } from './select.tsx';

type AddressFieldName =
  | 'shippingAddress.street'
  | 'shippingAddress.city'
  | 'shippingAddress.state'
  | 'shippingAddress.zipCode';

export interface AddressFieldsProps {
  field: (name: AddressFieldName) => FieldBinding;
  streetLabel: string;
  statePlaceholder: string;
  /** The box that holds city, state and ZIP code side by side. */
  gridClassName: string;
  /** The ZIP code's label and what its input takes beyond the binding ('numeric', a placeholder). */
  zipCode: { label: string } & Omit<
    ComponentProps<typeof TextField>,
    'required' | 'autoComplete' | 'error' | 'registration'
  >;
  /**
   * Fields after the ZIP code in the same box. A function, so they register after the address: a
   * failed submit focuses the first invalid field in the order they show.
   */
  moreFields?: () => ReactNode;
}

export function AddressFields({
  field,
  streetLabel,
  statePlaceholder,
  gridClassName,
  zipCode,
  moreFields,
}: AddressFieldsProps) {
  return (
    <>
      <TextField
        label={streetLabel}
        required
        {...field('shippingAddress.street')}
        autoComplete="shipping street-address"
      />
      <div className={gridClassName}>
        <TextField
          label="City"
          required
          {...field('shippingAddress.city')}
          autoComplete="shipping address-level2"
        />
        <FormField label="State" required {...field('shippingAddress.state')}>
          <Select
            autoComplete="shipping address-level1"
            placeholder={statePlaceholder}
            options={US_STATE_OPTIONS}
          />
        </FormField>
        <TextField
          required
          {...field('shippingAddress.zipCode')}
          autoComplete="shipping postal-code"
          {...zipCode}
        />
        {moreFields?.()}
      </div>
    </>
  );
}
