// /admin/prospects, the staff Prospect List (operator-side section 2.5): operator applications newest
// first with the pipeline's enrichment, a status filter, inline status changes and an edit dialog.
import { APPLICATION_STATUSES, type ApplicationStatus } from '@printfarm/domain/application';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import {
  applicationQueries,
  type ProspectApplication,
  useUpdateApplication,
} from '../../api/applications.ts';
import { ApiError } from '../../api/request.ts';
import { Badge, type BadgeVariant } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { useLabelledSelect } from '../../components/ui/labelledSelect.tsx';
import { Select } from '../../components/ui/select.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { toast } from '../../components/ui/toast.tsx';
import { isUnauthorized, useRedirectOnUnauthorized } from '../../lib/useRedirectOnUnauthorized.ts';
import { EXPERIENCE_LABELS, INVESTMENT_LABELS } from '../opportunity/labels.ts';
import { StaffFrame, staffPage } from './StaffScreen.tsx';
import './staff.css';
import './prospects.css';

const STATUS_BADGE: Record<ApplicationStatus, BadgeVariant> = {
  New: 'blue',
  Contacted: 'yellow',
  Demo: 'purple',
  Won: 'green',
  Lost: 'red',
};
const STATUS_OPTIONS = APPLICATION_STATUSES.map((status) => ({ value: status, label: status }));
const FILTER_OPTIONS = [{ value: 'All', label: 'All' }, ...STATUS_OPTIONS];
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
const SKELETON_ROWS = 5;

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

const isStatus = (value: string): value is ApplicationStatus =>
  (APPLICATION_STATUSES as readonly string[]).includes(value);

function labelOf(table: Record<string, string>, value: string | null): string | null {
  if (!value) return null;
  return table[value] ?? value;
}

function summarize(applications: ProspectApplication[], now: number) {
  return {
    total: applications.length,
    readyToInvest: applications.filter((a) => a.investment === 'immediate').length,
    uniqueStates: new Set(applications.map((a) => a.state)).size,
    thisWeek: applications.filter((a) => now - new Date(a.createdAt).getTime() <= WEEK_MS).length,
  };
}

function useSaveApplication() {
  const update = useUpdateApplication();
  const save = (id: string, changes: { status: ApplicationStatus; notes?: string }, onSaved?: () => void) =>
    update.mutate(
      { id, ...changes },
      {
        onSuccess: () => {
          toast({ title: 'Application updated', description: 'Changes have been saved successfully' });
          onSaved?.();
        },
        onError: () =>
          toast({ title: 'Error', description: 'Failed to update application', variant: 'destructive' }),
      },
    );
  return { save, pending: update.isPending, pendingId: update.isPending ? update.variables?.id : undefined };
}

function SummaryCards({ applications }: { applications: ProspectApplication[] }) {
  const [now] = useState(() => Date.now());
  const summary = summarize(applications, now);
  const cards = [
    { label: 'Total Applications', value: summary.total },
    { label: 'Ready to Invest', value: summary.readyToInvest },
    { label: 'Unique States', value: summary.uniqueStates },
    { label: 'This Week', value: summary.thisWeek },
  ];
  return (
    <dl className="prospects-summary">
      {cards.map((card) => (
        <div key={card.label} className="prospects-summary__card">
          <dt>{card.label}</dt>
          <dd>{card.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Enrichment({ application }: { application: ProspectApplication }) {
  if (!application.enrichedAt) {
    return <p className="prospect__enrichment prospect__enrichment--pending">Enrichment pending...</p>;
  }
  const located = application.farmsWithin100Miles !== null;
  return (
    <div className="prospect__enrichment">
      <span
        className="prospect__score"
        title="Lead score from investment timeline, experience and open territory"
      >
        Lead score <strong>{application.leadScore ?? '-'}</strong>
        <span className="sr-only"> out of 100</span>
      </span>
      {located ? (
        <>
          <span>
            Within 50 mi: <strong>{application.farmsWithin50Miles}</strong> farms ·{' '}
            <strong>{application.printersWithin50Miles}</strong> printers
          </span>
          <span>
            Within 100 mi: <strong>{application.farmsWithin100Miles}</strong> farms ·{' '}
            <strong>{application.printersWithin100Miles}</strong> printers
          </span>
        </>
      ) : (
        <span>Location not found</span>
      )}
    </div>
  );
}

function ProspectRow({
  application,
  onEdit,
  onStatusChange,
  saving,
}: {
  application: ProspectApplication;
  onEdit: () => void;
  onStatusChange: (status: ApplicationStatus) => void;
  saving: boolean;
}) {
  const statusId = useId();
  const experience = labelOf(EXPERIENCE_LABELS, application.experience);
  const investment = labelOf(INVESTMENT_LABELS, application.investment);
  const name = `${application.firstName} ${application.lastName}`;
  return (
    <li className="prospect" aria-label={name}>
      <div className="prospect__head">
        <div className="prospect__who">
          <h2 className="prospect__name">
            {name}
            <Badge variant={STATUS_BADGE[application.status] ?? 'outline'}>{application.status}</Badge>
            {application.duplicateOfId && <Badge variant="destructive">Possible duplicate</Badge>}
          </h2>
          <p className="prospect__contact">
            <a href={`mailto:${application.email}`}>{application.email}</a>
            <span aria-hidden="true">·</span>
            <a href={`tel:${application.phone}`}>{application.phone}</a>
          </p>
          <p className="prospect__place">
            {application.city}, {application.state}
            <span aria-hidden="true">·</span>
            <time dateTime={application.createdAt}>{dateFormat.format(new Date(application.createdAt))}</time>
          </p>
        </div>
        <div className="prospect__actions">
          <label htmlFor={statusId} className="sr-only">
            Status for {name}
          </label>
          <Select
            id={statusId}
            value={application.status}
            options={STATUS_OPTIONS}
            disabled={saving}
            onChange={(event) => {
              if (isStatus(event.target.value)) onStatusChange(event.target.value);
            }}
          />
          <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Edit ${name}`}>
            Edit
          </Button>
        </div>
      </div>
      <div className="prospect__badges">
        {experience && <Badge variant="secondary">Experience: {experience}</Badge>}
        {investment && (
          <Badge variant={application.investment === 'immediate' ? 'green' : 'outline'}>
            Investment: {investment}
          </Badge>
        )}
      </div>
      <Enrichment application={application} />
      {application.workspace && (
        <div className="prospect__block">
          <h3>Workspace</h3>
          <p>{application.workspace}</p>
        </div>
      )}
      {application.notes && (
        <div className="prospect__block">
          <h3>Notes</h3>
          <p>{application.notes}</p>
        </div>
      )}
    </li>
  );
}

function EditDialog({ application, onClose }: { application: ProspectApplication; onClose: () => void }) {
  const { save, pending } = useSaveApplication();
  const [status, setStatus] = useState<ApplicationStatus>(application.status);
  const [notes, setNotes] = useState(application.notes ?? '');
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      dismissible={!pending}
      title={`Edit Application - ${application.firstName} ${application.lastName}`}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button onClick={() => save(application.id, { status, notes }, onClose)} loading={pending}>
            {pending ? 'Saving...' : 'Save Changes'}
          </Button>
        </>
      }
    >
      <div className="prospects-edit">
        <FormField label="Status">
          <Select
            value={status}
            options={STATUS_OPTIONS}
            onChange={(event) => {
              if (isStatus(event.target.value)) setStatus(event.target.value);
            }}
          />
        </FormField>
        <FormField label="Notes">
          <Textarea
            rows={5}
            placeholder="Add notes about this prospect..."
            value={notes}
            onChange={(event) => setNotes(event.target.value)}
          />
        </FormField>
      </div>
    </Dialog>
  );
}

function ProspectsScreen() {
  const query = useQuery(applicationQueries.list());
  const [filter, filterSelect] = useLabelledSelect({
    className: 'prospects__filter',
    label: 'Status',
    initial: 'All',
    options: FILTER_OPTIONS,
  });
  const [editingId, setEditingId] = useState<string | null>(null);
  const { save, pendingId } = useSaveApplication();
  useRedirectOnUnauthorized(query.error);

  useEffect(() => {
    document.title = 'Prospect List | PrintFarm Network';
  }, []);

  const applications = query.data ?? [];
  const shown = filter === 'All' ? applications : applications.filter((a) => a.status === filter);
  const editing = applications.find((a) => a.id === editingId) ?? null;
  const forbidden = query.error instanceof ApiError && query.error.status === 403;

  return (
    <StaffFrame size="wide" className="prospects">
      <header className="prospects__header">
        <div>
          <h1>Prospect List</h1>
          <p>Operator applications, enriched with territory density, duplicates and a lead score.</p>
        </div>
      </header>

      {forbidden ? (
        <p className="prospects__message">You need a staff account to see prospects.</p>
      ) : query.isError && !isUnauthorized(query.error) ? (
        <p className="prospects__message prospects__message--error">Error loading applications</p>
      ) : (
        <>
          <SummaryCards applications={applications} />
          <div className="prospects__toolbar">
            {filterSelect}
            <p className="prospects__count" aria-live="polite">
              {shown.length} of {applications.length} prospects
            </p>
          </div>

          {query.isPending ? (
            <ul className="prospects__list" aria-busy="true" aria-label="Loading prospects">
              {Array.from({ length: SKELETON_ROWS }, (_, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
                <li key={index} className="prospect prospect--skeleton" data-testid="prospect-skeleton">
                  <Skeleton style={{ height: '1.25rem', width: '40%' }} />
                  <Skeleton style={{ height: '0.875rem', width: '60%' }} />
                  <Skeleton style={{ height: '0.875rem', width: '30%' }} />
                </li>
              ))}
            </ul>
          ) : applications.length === 0 ? (
            <p className="prospects__message">No applications yet</p>
          ) : (
            <ul className="prospects__list">
              {shown.map((application) => (
                <ProspectRow
                  key={application.id}
                  application={application}
                  saving={pendingId === application.id}
                  onEdit={() => setEditingId(application.id)}
                  onStatusChange={(status) => save(application.id, { status })}
                />
              ))}
            </ul>
          )}
        </>
      )}
      {editing && <EditDialog key={editing.id} application={editing} onClose={() => setEditingId(null)} />}
    </StaffFrame>
  );
}

export default staffPage(ProspectsScreen);
