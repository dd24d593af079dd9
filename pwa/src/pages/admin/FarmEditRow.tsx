// One farm signup edited in place on the Admin Dashboard: its company, contact, address and membership,
// saved with Save or left with Cancel (or Escape).
import type { FarmAdminUpdateInput } from '@printfarm/domain/farmAdmin';
import { useState } from 'react';
import { type AdminFarm, useUpdateAdminFarm } from '../../api/adminFarms.ts';
import { ApiError, fieldErrors } from '../../api/request.ts';
import { Button } from '../../components/ui/button.tsx';
import { CheckboxField } from '../../components/ui/checkbox.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Select } from '../../components/ui/select.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { toast } from '../../components/ui/toast.tsx';
import { US_STATE_OPTIONS } from '../../lib/stateOptions.ts';

const UPDATE_FALLBACK = 'Failed to update print farm';

interface Draft {
  displayName: string;
  contactName: string;
  contactEmail: string;
  contactPhone: string;
  streetName: string;
  city: string;
  state: string;
  zipCode: string;
  website: string;
  description: string;
  customWebsite: string;
  isPaidMember: boolean;
  monthlyFee: string;
  signupFee: string;
}

type TextField = Exclude<keyof Draft, 'isPaidMember'>;

function draftOf(farm: AdminFarm): Draft {
  return {
    displayName: farm.displayName ?? '',
    contactName: farm.contactName ?? '',
    contactEmail: farm.contactEmail ?? '',
    contactPhone: farm.contactPhone ?? '',
    streetName: farm.streetName ?? '',
    city: farm.city ?? '',
    state: farm.state ?? '',
    zipCode: farm.zipCode ?? '',
    website: farm.website ?? '',
    description: farm.description ?? '',
    customWebsite: farm.customWebsite ?? '',
    isPaidMember: Boolean(farm.isPaidMember),
    monthlyFee: farm.monthlyFee ?? '15.00',
    signupFee: farm.signupFee ?? '750.00',
  };
}

export function EditRow({ farm, columns, onDone }: { farm: AdminFarm; columns: number; onDone: () => void }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(farm));
  const update = useUpdateAdminFarm();
  const errors = update.isError ? fieldErrors(update.error) : {};
  const text = (name: TextField) => ({
    value: draft[name],
    onChange: (event: { target: { value: string } }) => setDraft({ ...draft, [name]: event.target.value }),
  });

  const save = () => {
    const changes: FarmAdminUpdateInput = { ...draft };
    update.mutate(
      { id: farm.id, changes },
      {
        onSuccess: () => {
          toast({ title: 'Success', description: 'Print farm updated successfully' });
          onDone();
        },
        onError: (error) => {
          const message = error instanceof ApiError ? error.body?.message : undefined;
          toast({ title: 'Error', description: message || UPDATE_FALLBACK, variant: 'destructive' });
        },
      },
    );
  };

  return (
    <tr className="farm-table__edit">
      <td colSpan={columns}>
        <form
          className="farm-edit"
          noValidate
          aria-label={`Edit ${farm.displayName}`}
          onSubmit={(event) => {
            event.preventDefault();
            save();
          }}
          onKeyDown={(event) => {
            if (event.key === 'Escape') onDone();
          }}
        >
          <fieldset className="farm-edit__group">
            <legend>Company</legend>
            <FormField label="Company name" error={errors.displayName}>
              <Input {...text('displayName')} autoFocus />
            </FormField>
            <FormField label="Website" error={errors.website}>
              <Input type="url" {...text('website')} />
            </FormField>
            <FormField label="Description" error={errors.description} className="farm-edit__wide">
              <Textarea rows={3} {...text('description')} />
            </FormField>
          </fieldset>
          <fieldset className="farm-edit__group">
            <legend>Contact</legend>
            <FormField label="Contact name" error={errors.contactName}>
              <Input {...text('contactName')} />
            </FormField>
            <FormField label="Contact email" error={errors.contactEmail}>
              <Input type="email" {...text('contactEmail')} />
            </FormField>
            <FormField label="Contact phone" error={errors.contactPhone}>
              <Input type="tel" {...text('contactPhone')} />
            </FormField>
          </fieldset>
          <fieldset className="farm-edit__group">
            <legend>Address</legend>
            <FormField label="Street name" error={errors.streetName}>
              <Input {...text('streetName')} />
            </FormField>
            <FormField label="City" error={errors.city}>
              <Input {...text('city')} />
            </FormField>
            <FormField label="State" error={errors.state}>
              <Select
                options={US_STATE_OPTIONS}
                value={draft.state}
                onChange={(event) => setDraft({ ...draft, state: event.target.value })}
              />
            </FormField>
            <FormField label="ZIP code" error={errors.zipCode}>
              <Input inputMode="numeric" {...text('zipCode')} />
            </FormField>
          </fieldset>
          <fieldset className="farm-edit__group">
            <legend>Membership and fees</legend>
            <CheckboxField
              label="Paid member"
              checked={draft.isPaidMember}
              onChange={(event) => setDraft({ ...draft, isPaidMember: event.target.checked })}
              error={errors.isPaidMember}
            />
            <FormField label="Monthly fee ($)" error={errors.monthlyFee}>
              <Input inputMode="decimal" {...text('monthlyFee')} />
            </FormField>
            <FormField label="Signup fee ($)" error={errors.signupFee}>
              <Input inputMode="decimal" {...text('signupFee')} />
            </FormField>
            <FormField label="Custom website" error={errors.customWebsite}>
              <Input type="url" {...text('customWebsite')} />
            </FormField>
          </fieldset>
          <div className="farm-edit__actions">
            <Button type="button" variant="outline" onClick={onDone} disabled={update.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={update.isPending}>
              Save
            </Button>
          </div>
        </form>
      </td>
    </tr>
  );
}
