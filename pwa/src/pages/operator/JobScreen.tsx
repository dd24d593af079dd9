// /operator/jobs/:jobId: one job. What to do now comes first; then the deal, where it ships, the
// customer's choices and the files. Another farm's job (or a wrong id) is simply 'not found'.
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { type OperatorJob, operatorQueries } from '../../api/operator.ts';
import { ApiError, errorMessage } from '../../api/request.ts';
import { ChevronIcon } from '../../components/dashboard/icons.tsx';
import { Card, CardContent } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { FARM_PARAM } from './farmContext.ts';
import { day, moment, money } from './format.ts';
import { JobActions } from './JobActions.tsx';
import { JobClaim } from './JobClaim.tsx';
import { JobFiles } from './JobFiles.tsx';
import { JobStateBadge, jobChoices, shipToText } from './jobParts.tsx';
import './job.css';
import { TitledCard } from '../../components/ui/card.tsx';

function Fact({ label, wide = false, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={wide ? 'op-facts__wide' : undefined}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function DealCard({ job }: { job: OperatorJob }) {
  return (
    <TitledCard title="The deal">
      <dl className="op-facts">
        <Fact label="Price">
          <span className="op-facts__big">{money(job.price)}</span>
        </Fact>
        <Fact label="You receive">
          <span className="op-facts__big op-facts__receive">{money(job.youReceive)}</span>
          <span className="op-facts__note">after the {money(job.commission)} commission</span>
        </Fact>
        <Fact label="Ready by">{day(job.readyBy)}</Fact>
        {job.counter && (
          <Fact label="Your counter-offer">
            {[
              job.counter.price && money(job.counter.price),
              job.counter.readyBy && `ready by ${day(job.counter.readyBy)}`,
            ]
              .filter(Boolean)
              .join(', ')}
          </Fact>
        )}
        <Fact label="Customer’s deadline">
          {job.customerDeadline ? day(job.customerDeadline) : 'None given'}
        </Fact>
        <Fact label="Parts">{job.parts}</Fact>
        <Fact label="Offered" wide>
          {moment(job.offeredAt)}
        </Fact>
        {job.state === 'offered' && (
          <Fact label="Answer by" wide>
            {moment(job.respondBy)}
          </Fact>
        )}
      </dl>
    </TitledCard>
  );
}

function ShipToCard({ job }: { job: OperatorJob }) {
  const address = job.shippingAddress;
  return (
    <TitledCard title="Ship to">
      {address ? (
        <address className="op-address">
          {address.name && <span className="op-address__name">{address.name}</span>}
          <span>{address.street}</span>
          <span>
            {address.city}, {address.state} {address.zipCode}
          </span>
          {address.country !== 'US' && <span>{address.country}</span>}
          {address.phone && (
            <a href={`tel:${address.phone.replace(/[^\d+]/g, '')}`} className="op-address__phone">
              {address.phone}
            </a>
          )}
        </address>
      ) : (
        <>
          <p className="op-address">{shipToText(job)}</p>
          <p className="field__hint">The full address is shown once you accept the job.</p>
        </>
      )}
    </TitledCard>
  );
}

function ChoicesCard({ job }: { job: OperatorJob }) {
  return (
    <TitledCard title="Print choices">
      <dl className="op-facts">
        <Fact label="Technology">{job.technology ?? '—'}</Fact>
        <Fact label="Material">{job.material ?? '—'}</Fact>
        <Fact label="Colour">{job.color ?? 'Any'}</Fact>
        <Fact label="Layer height">
          {job.layerHeightMm === null ? 'Farm’s choice' : `${job.layerHeightMm} mm`}
        </Fact>
        <Fact label="Infill">{job.infillPercent === null ? 'Farm’s choice' : `${job.infillPercent}%`}</Fact>
      </dl>
      {job.notes && (
        <div className="op-notes">
          <p className="op-notes__label">Notes from {job.customerFirstName || 'the customer'}</p>
          <p>{job.notes}</p>
        </div>
      )}
    </TitledCard>
  );
}

function NotFound({ inbox }: { inbox: string }) {
  return (
    <Card>
      <CardContent className="op-gate__content">
        <h1>Job not found</h1>
        <p>This job does not exist, or it was sent to another farm.</p>
        <Link to={inbox}>Back to the job inbox</Link>
      </CardContent>
    </Card>
  );
}

export default function JobScreen({ jobId }: { jobId: string }) {
  const job = useQuery(operatorQueries.job(jobId));
  const [searchParams] = useSearchParams();
  const farmId = searchParams.get(FARM_PARAM);
  const inbox = farmId ? `/operator?${FARM_PARAM}=${encodeURIComponent(farmId)}` : '/operator';

  return (
    <div className="op-screen">
      <Link to={inbox} className="op-back">
        <ChevronIcon direction="left" size={16} /> Job inbox
      </Link>
      {job.isPending ? (
        <div className="op-job-layout" aria-busy="true">
          <Skeleton className="op-job-skeleton op-job-skeleton--title" />
          <Skeleton className="op-job-skeleton op-job-skeleton--tall" />
        </div>
      ) : job.isError ? (
        job.error instanceof ApiError && job.error.status === 404 ? (
          <NotFound inbox={inbox} />
        ) : (
          <p className="op-error">{errorMessage(job.error)}</p>
        )
      ) : (
        <>
          <title>{`${job.data.title} · Job · PrintFarm Network`}</title>
          <header className="op-header op-header--job">
            <div>
              <h1 className="op-header__title">{job.data.title}</h1>
              <p className="op-header__lead">
                {jobChoices(job.data)} · for {job.data.customerFirstName || 'a customer'} ·{' '}
                {job.data.farm.name}
              </p>
            </div>
            <JobStateBadge job={job.data} />
          </header>
          <div className="op-job-layout">
            <div className="op-job-layout__main">
              {job.data.claim && <JobClaim job={job.data} claim={job.data.claim} />}
              <JobActions job={job.data} />
              <JobFiles files={job.data.files} />
            </div>
            <div className="op-job-layout__side">
              <DealCard job={job.data} />
              <ShipToCard job={job.data} />
              <ChoicesCard job={job.data} />
            </div>
          </div>
        </>
      )}
    </div>
  );
}
