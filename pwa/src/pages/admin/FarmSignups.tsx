// The Admin Dashboard's farm signups: their totals, and the table searched and paged, one row edited
// at a time.
import { Fragment, useId, useState } from 'react';
import type { AdminFarm } from '../../api/adminFarms.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent } from '../../components/ui/card.tsx';
import { ColumnHeads } from '../../components/ui/columnHeads.tsx';
import { LabelledInput } from '../../components/ui/labelledControl.tsx';
import { EditRow } from './FarmEditRow.tsx';
import { membershipTerms, pageOfFarms, searchFarms } from './farmTable.ts';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

export function StatCards({ farms }: { farms: AdminFarm[] }) {
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

const COLUMNS = ['Print Farm', 'Contact', 'Location', 'Printers', 'Membership', 'Signed Up', 'Actions'];

/** Search and pages over the signups; the table shows one page, and an edit closes with a page turn. */
export function FarmSignups({ farms }: { farms: AdminFarm[] }) {
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
        <LabelledInput
          className="farm-table__search"
          id={searchId}
          label="Search farms"
          type="search"
          placeholder="Name, contact, city, state or ZIP"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(1);
          }}
        />
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
        <ColumnHeads columns={COLUMNS} />
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
