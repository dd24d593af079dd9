// /admin/settings: the four cards of the spec, each a working form that persists.
import { ROLES, type Role } from '@printfarm/domain/auth';
import { type SettingKey, type Settings, settingSchemas } from '@printfarm/domain/network';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useDeferredValue, useState } from 'react';
import type { FieldPath } from 'react-hook-form';
import { adminNetworkQueries, useChangeRole, useSaveSetting } from '../../api/adminNetwork.ts';
import { errorMessage } from '../../api/request.ts';
import { useDomainForm } from '../../components/form/useDomainForm.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { CheckboxField } from '../../components/ui/checkbox.tsx';
import { FieldList, type FieldRows } from '../../components/ui/fieldList.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Select } from '../../components/ui/select.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { toast } from '../../components/ui/toast.tsx';
import { toastOnFailure } from '../../components/ui/toastOnFailure.ts';
import { StaffScreen, staffPage } from './StaffScreen.tsx';
import './staff.css';

const ROLE_OPTIONS = ROLES.map((role) => ({
  value: role,
  label: role.charAt(0).toUpperCase() + role.slice(1),
}));

/** One settings section: its form, validated by the same schema the API uses, saved on submit. */
function useSettingForm<K extends SettingKey>(key: K, values: Settings[K]) {
  const save = useSaveSetting(key);
  const form = useDomainForm(settingSchemas[key], { defaultValues: values });
  const onSubmit = form.handleSubmit((value) =>
    save.mutate(value, {
      onSuccess: (saved) => {
        form.reset(saved[key]);
        toast({ title: 'Settings saved', description: 'Your changes have been saved.' });
      },
      onError: (error) =>
        form.applyServerErrors(error, {
          toast: { title: 'Error', description: (error) => errorMessage(error, 'Failed to save settings') },
        }),
    }),
  );
  return { form, onSubmit, saving: save.isPending };
}

/** A settings section; one with a form ends with its Save Changes button. */
function SettingsCard(props: {
  title: string;
  description: string;
  children: ReactNode;
  onSubmit?: () => void;
  saving?: boolean;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{props.title}</CardTitle>
        <CardDescription>{props.description}</CardDescription>
      </CardHeader>
      <CardContent>
        {props.onSubmit ? (
          <form
            className="settings-form"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              props.onSubmit?.();
            }}
          >
            {props.children}
            <Button type="submit" disabled={props.saving}>
              {props.saving ? 'Saving...' : 'Save Changes'}
            </Button>
          </form>
        ) : (
          props.children
        )}
      </CardContent>
    </Card>
  );
}

const asNumber = { register: { valueAsNumber: true } } as const;

/** A settings section whose form saves one key of the settings: its fields, and a switch at its end. */
interface SettingsSection<K extends SettingKey> {
  key: K;
  title: string;
  description: string;
  fields: FieldRows<FieldPath<Settings[K]>, typeof asNumber>;
  checkbox?: { name: FieldPath<Settings[K]>; label: string };
}

const COMPANY: SettingsSection<'company'> = {
  key: 'company',
  title: 'Company Settings',
  description: 'How the network presents itself to customers.',
  fields: [
    { name: 'companyName', label: 'Company name', required: true },
    { name: 'supportEmail', label: 'Support email', required: true, control: <Input type="email" /> },
    { name: 'supportPhone', label: 'Support phone', control: <Input type="tel" /> },
  ],
};

const PAYMENTS: SettingsSection<'payments'> = {
  key: 'payments',
  title: 'Payment Settings',
  description:
    "Membership fees, the platform's commission on each job and store order, and the claims window.",
  fields: [
    { name: 'monthlyFee', label: 'Monthly fee ($)', required: true, control: <Input inputMode="decimal" /> },
    { name: 'signupFee', label: 'Signup fee ($)', required: true, control: <Input inputMode="decimal" /> },
    {
      name: 'paymentInstructions',
      label: 'Payment instructions',
      hint: 'Shown to farms; never put account numbers here.',
      control: <Textarea rows={3} />,
    },
    {
      name: 'commissionPercent',
      label: 'Commission (%)',
      required: true,
      options: asNumber,
      control: <Input inputMode="decimal" />,
    },
    {
      name: 'commissionMinimum',
      label: 'Minimum commission ($)',
      required: true,
      control: <Input inputMode="decimal" />,
    },
    {
      name: 'claimWindowDays',
      label: 'Claims window (days)',
      hint: 'How long after delivery a customer may open a claim; the farm is paid when it closes.',
      required: true,
      options: asNumber,
      control: <Input inputMode="numeric" />,
    },
  ],
};

const SYSTEM: SettingsSection<'system'> = {
  key: 'system',
  title: 'System Settings',
  description: 'Promises the platform makes and keeps.',
  fields: [
    {
      name: 'routeResponseHours',
      label: 'Job response deadline for farms (hours)',
      required: true,
      options: asNumber,
      control: <Input type="number" min={1} />,
    },
    {
      name: 'applicationFollowUpHours',
      label: 'Application follow-up (hours)',
      required: true,
      options: asNumber,
      control: <Input type="number" min={1} />,
    },
  ],
  checkbox: { name: 'acceptingFarmSignups', label: 'Accepting farm signups' },
};

function SettingsForm<K extends SettingKey>({
  section,
  values,
}: {
  section: SettingsSection<K>;
  values: Settings[K];
}) {
  const { form, onSubmit, saving } = useSettingForm(section.key, values);
  return (
    <SettingsCard title={section.title} description={section.description} onSubmit={onSubmit} saving={saving}>
      <FieldList fields={section.fields} bind={form.field} />
      {section.checkbox && (
        <CheckboxField label={section.checkbox.label} {...form.register(section.checkbox.name)} />
      )}
    </SettingsCard>
  );
}

function UserManagement() {
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search);
  const users = useQuery(adminNetworkQueries.users(deferred));
  const changeRole = useChangeRole();
  return (
    <SettingsCard title="User Management" description="Find an account and set its role.">
      <FormField label="Search users">
        <Input
          type="search"
          placeholder="Name or email"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </FormField>
      {users.isPending ? (
        <Skeleton className="staff-skeleton" />
      ) : (
        <ul className="user-list">
          {(users.data ?? []).map((user) => (
            <li key={user.id} className="user-list__row">
              <span>
                <strong>{[user.firstName, user.lastName].filter(Boolean).join(' ') || user.email}</strong>
                <br />
                <small>{user.email}</small>
              </span>
              <Select
                aria-label={`Role of ${user.email}`}
                value={user.role}
                options={ROLE_OPTIONS}
                disabled={changeRole.isPending}
                onChange={(event) =>
                  changeRole.mutate(
                    { id: user.id, role: event.target.value as Role },
                    {
                      onSuccess: (saved) =>
                        toast({ title: 'Role updated', description: `${saved.email} is now ${saved.role}.` }),
                      ...toastOnFailure('Error'),
                    },
                  )
                }
              />
            </li>
          ))}
          {users.data?.length === 0 && <li className="staff-page__empty">No users match.</li>}
        </ul>
      )}
    </SettingsCard>
  );
}

function SettingsScreen() {
  const settings = useQuery(adminNetworkQueries.settings());
  return (
    <StaffScreen title="Settings" error={settings.error} errorText="Error loading settings">
      {settings.data ? (
        <div className="settings-grid">
          <UserManagement />
          <SettingsForm section={COMPANY} values={settings.data.company} />
          <SettingsForm section={PAYMENTS} values={settings.data.payments} />
          <SettingsForm section={SYSTEM} values={settings.data.system} />
        </div>
      ) : (
        settings.isPending && <Skeleton className="staff-skeleton" />
      )}
    </StaffScreen>
  );
}

export default staffPage(SettingsScreen);
