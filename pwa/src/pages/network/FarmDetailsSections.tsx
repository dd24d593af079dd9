// The farm signup form's sections about the farm itself: company and contact, location (the street
// name shown on the map follows the private address), and online presence.
import { publicStreetName } from '@printfarm/domain/farmSignup';
import type { ReactNode } from 'react';
import { CheckboxField } from '../../components/ui/checkbox.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Select } from '../../components/ui/select.tsx';
import { US_STATE_OPTIONS } from '../../lib/stateOptions.ts';
import type { SignupForm } from './farmSignupValues.ts';

/** A section of the form: its legend, its fields in a grid, and what stands below the grid. */
function SignupSection({
  legend,
  after,
  children,
}: {
  legend: string;
  after?: ReactNode;
  children: ReactNode;
}) {
  return (
    <fieldset className="signup-form__section">
      <legend>{legend}</legend>
      <div className="signup-form__grid">{children}</div>
      {after}
    </fieldset>
  );
}

export function CompanyContactSection({ form }: { form: SignupForm }) {
  const { register } = form;
  const { errors } = form.formState;
  return (
    <SignupSection legend="Company & Contact">
      <FormField label="Company Name" required error={errors.displayName?.message}>
        <Input autoComplete="organization" {...register('displayName')} />
      </FormField>
      <FormField label="Contact Name" required error={errors.contactName?.message}>
        <Input autoComplete="name" {...register('contactName')} />
      </FormField>
      <FormField label="Contact Email" required error={errors.contactEmail?.message}>
        <Input type="email" autoComplete="email" {...register('contactEmail')} />
      </FormField>
      <FormField label="Contact Phone" required error={errors.contactPhone?.message}>
        <Input type="tel" autoComplete="tel" {...register('contactPhone')} />
      </FormField>
    </SignupSection>
  );
}

/** `streetName`: the public street name as it stands. */
export function LocationSection({ form, streetName }: { form: SignupForm; streetName: string }) {
  const {
    register,
    setValue,
    formState: { errors, isSubmitted },
  } = form;
  return (
    <SignupSection legend="Location">
      <FormField
        label="Full Street Address"
        required
        className="signup-form__wide"
        error={errors.fullStreetAddress?.message}
        hint="Kept private; only the street name is shown on the map."
      >
        <Input
          autoComplete="street-address"
          {...register('fullStreetAddress', {
            onChange: (event: { target: { value: string } }) =>
              setValue('streetName', publicStreetName(event.target.value), {
                shouldValidate: isSubmitted,
                shouldDirty: true,
              }),
          })}
        />
      </FormField>
      <FormField
        label="Public Street Name"
        required
        className="signup-form__wide"
        error={errors.streetName?.message}
        hint={`Public display: ${streetName || '—'}`}
      >
        <Input {...register('streetName')} />
      </FormField>
      <FormField label="City" required error={errors.city?.message}>
        <Input autoComplete="address-level2" {...register('city')} />
      </FormField>
      <FormField label="State" required error={errors.state?.message}>
        <Select placeholder="Select state" options={US_STATE_OPTIONS} {...register('state')} />
      </FormField>
      <FormField label="ZIP Code" required error={errors.zipCode?.message}>
        <Input inputMode="numeric" autoComplete="postal-code" {...register('zipCode')} />
      </FormField>
    </SignupSection>
  );
}

export function OnlinePresenceSection({ form }: { form: SignupForm }) {
  const { register } = form;
  const { errors } = form.formState;
  return (
    <SignupSection
      legend="Online Presence"
      after={
        <CheckboxField
          label="I'd like a custom ordering page for my print farm"
          error={errors.wantsOrderingLink?.message}
          {...register('wantsOrderingLink')}
        />
      }
    >
      <FormField
        label="Website"
        className="signup-form__wide"
        error={errors.website?.message}
        hint="Optional, e.g. https://yourfarm.com"
      >
        <Input type="url" inputMode="url" autoComplete="url" {...register('website')} />
      </FormField>
    </SignupSection>
  );
}
