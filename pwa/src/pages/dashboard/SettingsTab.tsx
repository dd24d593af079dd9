// The Settings tab: first and last name and an optional default shipping address (GET/PATCH
// /api/profile), validated with the same schema as the server.

import type { ProfileSettingsInput } from '@printfarm/domain/profile';
import { profileSettingsSchema } from '@printfarm/domain/profile';
import { toUsStateCode } from '@printfarm/domain/usStates';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { type Profile, profileQueries, useUpdateProfile } from '../../api/profile.ts';
import { errorMessage } from '../../api/request.ts';
import { useDomainForm } from '../../components/form/useDomainForm.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card.tsx';
import { CheckboxField } from '../../components/ui/checkbox.tsx';
import { FormField, TextField } from '../../components/ui/form-field.tsx';
import { Select } from '../../components/ui/select.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { toast } from '../../components/ui/toast.tsx';
import { US_STATE_OPTIONS } from '../../lib/stateOptions.ts';

interface AddressValues {
  street: string;
  city: string;
  state: string;
  zipCode: string;
  country: string;
}

interface SettingsValues {
  firstName: string;
  lastName: string;
  defaultShippingAddress: AddressValues | null;
}

const EMPTY_ADDRESS: AddressValues = { street: '', city: '', state: '', zipCode: '', country: 'US' };

function valuesFrom(profile: Profile): SettingsValues {
  const address = profile.defaultShippingAddress;
  return {
    firstName: profile.firstName ?? '',
    lastName: profile.lastName ?? '',
    defaultShippingAddress: address
      ? {
          ...EMPTY_ADDRESS,
          ...address,
          // An address saved before states were a list may hold a name: the list selects its code.
          state: toUsStateCode(address.state ?? '') ?? '',
          country: address.country ?? 'US',
        }
      : null,
  };
}

function SettingsForm({ profile }: { profile: Profile }) {
  const update = useUpdateProfile({
    onSuccess: () => toast({ title: 'Settings saved', description: 'Your profile has been updated.' }),
  });
  const form = useDomainForm(profileSettingsSchema, {
    defaultValues: valuesFrom(profile),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: true,
  });
  useEffect(() => form.reset(valuesFrom(profile)), [profile, form.reset]);
  const hasAddress = form.watch('defaultShippingAddress') !== null;

  const onSubmit = form.handleSubmit((input) => {
    update.mutate(input satisfies ProfileSettingsInput, {
      onError: (error) => form.applyServerErrors(error, { toast: { title: 'Could not save settings' } }),
    });
  });

  return (
    <form className="settings-form" onSubmit={onSubmit} noValidate aria-label="Account settings">
      <div className="settings-form__grid">
        <TextField label="First name" required {...form.field('firstName')} autoComplete="given-name" />
        <TextField label="Last name" required {...form.field('lastName')} autoComplete="family-name" />
      </div>
      <p className="settings-form__email">
        Signed in as <strong>{profile.email}</strong>
      </p>
      <CheckboxField
        label="Save a default shipping address"
        checked={hasAddress}
        onChange={(event) =>
          form.setValue('defaultShippingAddress', event.target.checked ? { ...EMPTY_ADDRESS } : null, {
            shouldDirty: true,
          })
        }
      />
      {hasAddress && (
        <fieldset className="settings-form__address">
          <legend>Default shipping address</legend>
          <TextField
            label="Street address"
            required
            {...form.field('defaultShippingAddress.street')}
            autoComplete="street-address"
          />
          <div className="settings-form__grid settings-form__grid--address">
            <TextField
              label="City"
              required
              {...form.field('defaultShippingAddress.city')}
              autoComplete="address-level2"
            />
            <FormField label="State" required {...form.field('defaultShippingAddress.state')}>
              <Select autoComplete="address-level1" placeholder="Select state" options={US_STATE_OPTIONS} />
            </FormField>
            <TextField
              label="ZIP code"
              required
              {...form.field('defaultShippingAddress.zipCode')}
              autoComplete="postal-code"
              inputMode="numeric"
            />
            <TextField
              label="Country"
              {...form.field('defaultShippingAddress.country')}
              autoComplete="country"
            />
          </div>
        </fieldset>
      )}
      <div className="settings-form__actions">
        <Button
          type="submit"
          loading={update.isPending}
          disabled={!form.formState.isDirty && !update.isPending}
        >
          Save Changes
        </Button>
      </div>
    </form>
  );
}

export function SettingsTab() {
  const profile = useQuery({ ...profileQueries.profile(), staleTime: 0 });
  return (
    <Card>
      <CardHeader>
        <CardDescription>Your name and the address we ship finished prints to by default.</CardDescription>
      </CardHeader>
      <CardContent>
        {profile.isPending && <Skeleton className="settings-form__skeleton" />}
        {profile.isError && (
          <p className="dash-error" role="alert">
            {errorMessage(profile.error)}
          </p>
        )}
        {profile.data && <SettingsForm profile={profile.data} />}
      </CardContent>
    </Card>
  );
}
