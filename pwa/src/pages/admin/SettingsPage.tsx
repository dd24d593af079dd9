// /admin/settings: the four cards of the spec, each a working form that persists.
import { ROLES, type Role } from '@printfarm/domain/auth';
import { type SettingKey, type Settings, settingSchemas } from '@printfarm/domain/network';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useDeferredValue, useState } from 'react';
import { adminNetworkQueries, useChangeRole, useSaveSetting } from '../../api/adminNetwork.ts';
import { errorMessage } from '../../api/request.ts';
import { useDomainForm } from '../../components/form/useDomainForm.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { CheckboxField } from '../../components/ui/checkbox.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Container } from '../../components/ui/layout.tsx';
import { Select } from '../../components/ui/select.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { toast } from '../../components/ui/toast.tsx';
import { toastOnFailure } from '../../components/ui/toastOnFailure.ts';
import { isUnauthorized, useRedirectOnUnauthorized } from '../../lib/useRedirectOnUnauthorized.ts';
import { SiteLayout } from '../SiteLayout.tsx';
import { StaffNav } from './StaffNav.tsx';
import { StaffOnly } from './StaffOnly.tsx';
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

function CompanySettings({ values }: { values: Settings['company'] }) {
  const { form, onSubmit, saving } = useSettingForm('company', values);
  return (
    <SettingsCard
      title="Company Settings"
      description="How the network presents itself to customers."
      onSubmit={onSubmit}
      saving={saving}
    >
      <FormField label="Company name" required {...form.field('companyName')}>
        <Input />
      </FormField>
      <FormField label="Support email" required {...form.field('supportEmail')}>
        <Input type="email" />
      </FormField>
      <FormField label="Support phone" {...form.field('supportPhone')}>
        <Input type="tel" />
      </FormField>
    </SettingsCard>
  );
}

function PaymentSettings({ values }: { values: Settings['payments'] }) {
  const { form, onSubmit, saving } = useSettingForm('payments', values);
  return (
    <SettingsCard
      title="Payment Settings"
      description="Membership fees, the platform's commission on each job and store order, and the claims window."
      onSubmit={onSubmit}
      saving={saving}
    >
      <FormField label="Monthly fee ($)" required {...form.field('monthlyFee')}>
        <Input inputMode="decimal" />
      </FormField>
      <FormField label="Signup fee ($)" required {...form.field('signupFee')}>
        <Input inputMode="decimal" />
      </FormField>
      <FormField
        label="Payment instructions"
        hint="Shown to farms; never put account numbers here."
        {...form.field('paymentInstructions')}
      >
        <Textarea rows={3} />
      </FormField>
      <FormField
        label="Commission (%)"
        required
        {...form.field('commissionPercent', { register: { valueAsNumber: true } })}
      >
        <Input inputMode="decimal" />
      </FormField>
      <FormField label="Minimum commission ($)" required {...form.field('commissionMinimum')}>
        <Input inputMode="decimal" />
      </FormField>
      <FormField
        label="Claims window (days)"
        hint="How long after delivery a customer may open a claim; the farm is paid when it closes."
        required
        {...form.field('claimWindowDays', { register: { valueAsNumber: true } })}
      >
        <Input inputMode="numeric" />
      </FormField>
    </SettingsCard>
  );
}

function SystemSettings({ values }: { values: Settings['system'] }) {
  const { form, onSubmit, saving } = useSettingForm('system', values);
  return (
    <SettingsCard
      title="System Settings"
      description="Promises the platform makes and keeps."
      onSubmit={onSubmit}
      saving={saving}
    >
      <FormField
        label="Job response deadline for farms (hours)"
        required
        {...form.field('routeResponseHours', { register: { valueAsNumber: true } })}
      >
        <Input type="number" min={1} />
      </FormField>
      <FormField
        label="Application follow-up (hours)"
        required
        {...form.field('applicationFollowUpHours', { register: { valueAsNumber: true } })}
      >
        <Input type="number" min={1} />
      </FormField>
      <CheckboxField label="Accepting farm signups" {...form.register('acceptingFarmSignups')} />
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

export default function SettingsPage() {
  return <StaffOnly>{() => <SettingsScreen />}</StaffOnly>;
}

function SettingsScreen() {
  const settings = useQuery(adminNetworkQueries.settings());
  useRedirectOnUnauthorized(settings.error);
  return (
    <SiteLayout>
      <Container className="staff-page">
        <StaffNav />
        <header className="staff-page__header">
          <h1>Settings</h1>
        </header>
        {settings.isError && !isUnauthorized(settings.error) && (
          <p className="staff-page__error">{errorMessage(settings.error, 'Error loading settings')}</p>
        )}
        {settings.data ? (
          <div className="settings-grid">
            <UserManagement />
            <CompanySettings values={settings.data.company} />
            <PaymentSettings values={settings.data.payments} />
            <SystemSettings values={settings.data.system} />
          </div>
        ) : (
          settings.isPending && <Skeleton className="staff-skeleton" />
        )}
      </Container>
    </SiteLayout>
  );
}
