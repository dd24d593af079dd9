// One farm signup edited in place on the Admin Dashboard: its company, contact, address and membership,
// saved with Save or left with Cancel (or Escape).
import type { FarmAdminUpdateInput } from '@printfarm/domain/farmAdmin';
import { type ComponentProps, useState } from 'react';
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

/** One field of the form: a text input (with its own props) unless it is the description or the state. */
interface DraftField {
  name: keyof Draft;
  label: string;
  input?: ComponentProps<'input'>;
  control?: 'textarea' | 'state';
  className?: string;
}

const GROUPS: { legend: string; fields: DraftField[] }[] = [
  {
    legend: 'Company',
    fields: [
      { name: 'displayName', label: 'Company name', input: { autoFocus: true } },
      { name: 'website', label: 'Website', input: { type: 'url' } },
      { name: 'description', label: 'Description', control: 'textarea', className: 'farm-edit__wide' },
    ],
  },
  {
    legend: 'Contact',
    fields: [
      { name: 'contactName', label: 'Contact name' },
      { name: 'contactEmail', label: 'Contact email', input: { type: 'email' } },
      { name: 'contactPhone', label: 'Contact phone', input: { type: 'tel' } },
    ],
  },
  {
    legend: 'Address',
    fields: [
      { name: 'streetName', label: 'Street name' },
      { name: 'city', label: 'City' },
      { name: 'state', label: 'State', control: 'state' },
      { name: 'zipCode', label: 'ZIP code', input: { inputMode: 'numeric' } },
    ],
  },
  {
    legend: 'Membership and fees',
    fields: [
      { name: 'isPaidMember', label: 'Paid member' },
      { name: 'monthlyFee', label: 'Monthly fee ($)', input: { inputMode: 'decimal' } },
      { name: 'signupFee', label: 'Signup fee ($)', input: { inputMode: 'decimal' } },
      { name: 'customWebsite', label: 'Custom website', input: { type: 'url' } },
    ],
  },
];

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
  const drawField = ({ name, label, input, control, className }: DraftField) => {
    if (name === 'isPaidMember') {
      return (
        <CheckboxField
          key={name}
          label={label}
          checked={draft.isPaidMember}
          onChange={(event) => setDraft({ ...draft, isPaidMember: event.target.checked })}
          error={errors.isPaidMember}
        />
      );
    }
    return (
      <FormField key={name} label={label} error={errors[name]} className={className}>
        {control === 'textarea' ? (
          <Textarea rows={3} {...text(name)} />
        ) : control === 'state' ? (
          <Select options={US_STATE_OPTIONS} {...text(name)} />
        ) : (
          <Input {...input} {...text(name)} />
        )}
      </FormField>
    );
  };

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
          {GROUPS.map((group) => (
            <fieldset key={group.legend} className="farm-edit__group">
              <legend>{group.legend}</legend>
              {group.fields.map(drawField)}
            </fieldset>
          ))}
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
