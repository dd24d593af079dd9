// /admin and /admin/dashboard: the print farm Admin Dashboard (operator-side 2.5). Staff see every farm
// signup with totals, the farms' scorecards and the estimator's accuracy, and edit one signup at a time
// (Edit, then Save or Cancel). Without a session the page says so and goes to /api/login after 500 ms.
import type { FarmAdminUpdateInput } from '@printfarm/domain/farmAdmin';
import { useQuery } from '@tanstack/react-query';
import { Fragment, useId, useState } from 'react';
import { type AdminFarm, adminFarmQueries, useUpdateAdminFarm } from '../../api/adminFarms.ts';
import type { CurrentUser } from '../../api/auth.ts';
import { ApiError, errorMessage, fieldErrors } from '../../api/request.ts';
import { AppLink } from '../../components/AppLink.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { Card, CardContent } from '../../components/ui/card.tsx';
import { CheckboxField } from '../../components/ui/checkbox.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Container } from '../../components/ui/layout.tsx';
import { Select } from '../../components/ui/select.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { toast } from '../../components/ui/toast.tsx';
import { US_STATE_OPTIONS } from '../../lib/stateOptions.ts';
import { isUnauthorized, useRedirectToLogin } from '../../lib/useRedirectOnUnauthorized.ts';
import { SiteLayout } from '../SiteLayout.tsx';
import { membershipTerms, pageOfFarms, searchFarms } from './farmTable.ts';
import { EstimatorAccuracy, FarmScorecards } from './NetworkHealth.tsx';
import { StaffNav } from './StaffNav.tsx';
import { StaffOnly } from './StaffOnly.tsx';
import './staff.css';
import './adminDashboard.css';
import '../auth/auth.css';

const UPDATE_FALLBACK = 'Failed to update print farm';
const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

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

function StatCards({ farms }: { farms: AdminFarm[] }) {
  const cards = [
    { label: 'Total Print Farms', value: farms.length },
    { label: 'Total Printers', value: farms.reduce((sum, farm) => sum + farm.totalPrinterCount, 0) },
    { label: 'States Covered', value: new Set(farms.map((farm) => farm.state).filter(Boolean)).size },
  ];
  return (
    <div className="staff-stats">
      {cards.map(({ label, value }) => (
        <Card key={label}>
          <CardContent>
            <p className="staff-stats__label">{label}</p>
            <p className="staff-stats__value">{value.toLocaleString('en-US')}</p>
          </CardContent>
        </Card>
      ))}
    </div>
  );
}

function EditRow({ farm, columns, onDone }: { farm: AdminFarm; columns: number; onDone: () => void }) {
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

const COLUMNS = ['Print Farm', 'Contact', 'Location', 'Printers', 'Membership', 'Signed Up', 'Actions'];

/** Search and pages over the signups; the table shows one page, and an edit closes with a page turn. */
function FarmSignups({ farms }: { farms: AdminFarm[] }) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const searchId = useId();
  const shown = pageOfFarms(searchFarms(farms, search), page);
  const turnTo = (next: number) => {
    setPage(next);
    document.getElementById(searchId)?.scrollIntoView({ block: 'nearest' });
  };
  return (
    <>
      <div className="farm-table__toolbar">
        <div className="farm-table__search">
          <label htmlFor={searchId} className="label">
            Search farms
          </label>
          <Input
            id={searchId}
            type="search"
            placeholder="Name, contact, city, state or ZIP"
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              setPage(1);
            }}
          />
        </div>
        <p className="farm-table__count" aria-live="polite">
          {shown.total === 0
            ? 'No farms match'
            : `Showing ${shown.from}–${shown.to} of ${shown.total} farm${shown.total === 1 ? '' : 's'}`}
        </p>
      </div>
      <FarmTable key={shown.page} farms={shown.rows} />
      {shown.pages > 1 && (
        <nav className="farm-table__pages" aria-label="Farm pages">
          <Button
            variant="outline"
            size="sm"
            disabled={shown.page === 1}
            onClick={() => turnTo(shown.page - 1)}
          >
            Previous
          </Button>
          <span className="farm-table__page" aria-current="page">
            Page {shown.page} of {shown.pages}
          </span>
          <Button
            variant="outline"
            size="sm"
            disabled={shown.page === shown.pages}
            onClick={() => turnTo(shown.page + 1)}
          >
            Next
          </Button>
        </nav>
      )}
    </>
  );
}

function FarmTable({ farms }: { farms: AdminFarm[] }) {
  const [editingId, setEditingId] = useState<string | null>(null);
  return (
    <div className="farm-table__scroll">
      <table className="farm-table">
        <caption className="sr-only">Print farm signups</caption>
        <thead>
          <tr>
            {COLUMNS.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {farms.map((farm) => {
            const editing = farm.id === editingId;
            return (
              <Fragment key={farm.id}>
                <tr className={editing ? 'farm-table__row farm-table__row--editing' : 'farm-table__row'}>
                  <td data-label="Print Farm">
                    <div className="farm-table__name">{farm.displayName}</div>
                    {farm.website && (
                      <a className="farm-table__link" href={farm.website} target="_blank" rel="noreferrer">
                        {farm.website}
                      </a>
                    )}
                    {farm.description && <p className="farm-table__muted">{farm.description}</p>}
                  </td>
                  <td data-label="Contact">
                    <div>{farm.contactName}</div>
                    <a className="farm-table__link" href={`mailto:${farm.contactEmail}`}>
                      {farm.contactEmail}
                    </a>
                    <div className="farm-table__muted">{farm.contactPhone}</div>
                  </td>
                  <td data-label="Location">
                    <div>{farm.streetName}</div>
                    <div className="farm-table__muted">
                      {[farm.city, farm.state].filter(Boolean).join(', ')} {farm.zipCode}
                    </div>
                  </td>
                  <td data-label="Printers" className="farm-table__number">
                    {farm.totalPrinterCount}
                  </td>
                  <td data-label="Membership">
                    <Badge variant={farm.isPaidMember ? 'green' : 'secondary'}>
                      {membershipTerms(farm).label}
                    </Badge>
                    <div className="farm-table__muted">{membershipTerms(farm).terms}</div>
                  </td>
                  <td data-label="Signed Up">
                    {farm.createdAt ? dateFormat.format(new Date(farm.createdAt)) : ''}
                  </td>
                  <td data-label="Actions">
                    {!editing && (
                      <Button
                        size="sm"
                        variant="outline"
                        onClick={() => setEditingId(farm.id)}
                        aria-label={`Edit ${farm.displayName}`}
                      >
                        Edit
                      </Button>
                    )}
                  </td>
                </tr>
                {editing && (
                  <EditRow farm={farm} columns={COLUMNS.length} onDone={() => setEditingId(null)} />
                )}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

export default function AdminDashboardPage() {
  return <StaffOnly>{(user) => <AdminDashboard user={user} />}</StaffOnly>;
}

function AdminDashboard({ user }: { user: CurrentUser }) {
  const farms = useQuery(adminFarmQueries.list());
  useRedirectToLogin(isUnauthorized(farms.error));

  const fullName = [user.firstName, user.lastName].filter(Boolean).join(' ') || 'Staff member';

  return (
    <SiteLayout>
      <Container className="staff-page">
        <StaffNav />
        <header className="admin-dash__header">
          <div>
            <h1>Admin Dashboard</h1>
            <p className="staff-page__counter">Print farm signups across the network</p>
          </div>
          <div className="admin-dash__user">
            <div>
              <div className="admin-dash__user-name">{fullName}</div>
              <div className="farm-table__muted">{user.email}</div>
            </div>
            <AppLink to="/api/logout" className={buttonClass({ variant: 'outline', size: 'sm' })}>
              Logout
            </AppLink>
          </div>
        </header>

        {farms.isLoading ? (
          <div className="staff-stats">
            {[1, 2, 3].map((n) => (
              <Skeleton key={n} className="staff-skeleton" />
            ))}
          </div>
        ) : farms.isError ? (
          <Card>
            <CardContent className="admin-dash__empty">
              <h2>Error loading print farm data</h2>
              <p className="farm-table__muted">{errorMessage(farms.error)}</p>
            </CardContent>
          </Card>
        ) : (
          <>
            <StatCards farms={farms.data ?? []} />
            <div className="admin-dash__health">
              <FarmScorecards />
              <EstimatorAccuracy />
            </div>
            {(farms.data ?? []).length === 0 ? (
              <Card>
                <CardContent className="admin-dash__empty">
                  <h2>No Print Farms Yet</h2>
                  <p className="farm-table__muted">
                    Print farm registrations will appear here once submitted.
                  </p>
                </CardContent>
              </Card>
            ) : (
              <Card>
                <CardContent>
                  <h2 className="admin-dash__section">Print Farm Signups</h2>
                  <FarmSignups farms={farms.data ?? []} />
                </CardContent>
              </Card>
            )}
          </>
        )}
      </Container>
    </SiteLayout>
  );
}
