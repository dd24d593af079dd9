// The job inbox: New (waiting for the farm's answer, soonest deadline first), Active (accepted, printing,
// shipped) and Done. Each card says what the job is, where it ships, what it pays and what is due.
import { JOB_TABS, type JobTab } from '@printfarm/domain/printJob';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { type OperatorJob, operatorQueries } from '../../api/operator.ts';
import { errorMessage } from '../../api/request.ts';
import { DataAge } from '../../components/DataAge.tsx';
import { ClockIcon } from '../../components/dashboard/icons.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.tsx';
import { cx } from '../../lib/cx.ts';
import { FarmPicker } from './FarmPicker.tsx';
import type { OperatorFarms } from './farmContext.ts';
import { answerWithin, day, isUrgent, moment, money, timeLeft } from './format.ts';
import { InboxIntro } from './InboxIntro.tsx';
import { JobStateBadge, jobChoices, shipToText } from './jobParts.tsx';

const TABS: { value: JobTab; label: string }[] = [
  { value: 'new', label: 'New' },
  { value: 'active', label: 'Active' },
  { value: 'done', label: 'Done' },
];

const EMPTY: Record<JobTab, string> = {
  new: 'No jobs waiting for your answer. New jobs appear here, and in your e-mail, as soon as a customer orders from your farm.',
  active: 'Nothing in production. Jobs you accept stay here until they are delivered.',
  done: 'No finished jobs yet. Delivered, declined and cancelled jobs are kept here.',
};

function parseTab(value: string | null): JobTab {
  return value && Object.hasOwn(JOB_TABS, value) ? (value as JobTab) : 'new';
}

/** The line under the price: what the farm must do next, and by when. */
function DueLine({ job }: { job: OperatorJob }) {
  if (job.state === 'offered') {
    const urgent = isUrgent(job.respondBy);
    return (
      <span className={cx('op-job__due', urgent && 'op-job__due--urgent')}>
        <ClockIcon size={16} /> {answerWithin(job.respondBy)}
      </span>
    );
  }
  if (job.state === 'countered' && job.counter) {
    const left = timeLeft(job.counter.respondBy);
    return (
      <span className="op-job__due">
        <ClockIcon size={16} /> {left ? `customer answers within ${left}` : 'waiting for the customer'}
      </span>
    );
  }
  if (job.state === 'printing') {
    return (
      <span className="op-job__progress">
        <progress max={100} value={job.progressPercent} aria-hidden="true" />
        {job.progressPercent}% complete
      </span>
    );
  }
  if (job.state === 'accepted') return <span className="op-job__due">Ready by {day(job.readyBy)}</span>;
  if (job.state === 'shipped') return <span className="op-job__due">Shipped {moment(job.shippedAt)}</span>;
  if (job.state === 'delivered')
    return <span className="op-job__due">Delivered {moment(job.deliveredAt)}</span>;
  if (job.state === 'declined' && job.declineReason)
    return <span className="op-job__due">Declined: {job.declineReason}</span>;
  return null;
}

function JobCard({ job, farms }: { job: OperatorJob; farms: OperatorFarms }) {
  const showFarm = !farms.farmId && farms.farms.length > 1;
  return (
    <li>
      <Link to={farms.href(`/operator/jobs/${job.id}`)} className="op-job" data-job-id={job.id}>
        <div className="op-job__top">
          <h2 className="op-job__title">{job.title}</h2>
          <JobStateBadge job={job} />
        </div>
        <p className="op-job__choices">{jobChoices(job)}</p>
        <p className="op-job__meta">
          Ships to {shipToText(job)}
          {showFarm && <> · for {job.farm.name}</>}
        </p>
        <div className="op-job__bottom">
          <span className="op-job__price">
            {money(job.counter?.price ?? job.price)}
            <span className="op-job__ready"> · ready by {day(job.counter?.readyBy ?? job.readyBy)}</span>
          </span>
          <DueLine job={job} />
        </div>
      </Link>
    </li>
  );
}

function JobList({ tab, farms }: { tab: JobTab; farms: OperatorFarms }) {
  const jobs = useQuery(operatorQueries.jobs(tab, farms.farmId));
  if (jobs.isPending) {
    return (
      <div className="op-jobs" aria-busy="true">
        {[1, 2, 3].map((n) => (
          <Skeleton key={n} className="op-job-skeleton" />
        ))}
      </div>
    );
  }
  if (jobs.isError) return <p className="op-error">{errorMessage(jobs.error)}</p>;
  if (jobs.data.length === 0) return <p className="op-empty">{EMPTY[tab]}</p>;
  return (
    <>
      <ul className="op-jobs">
        {jobs.data.map((job) => (
          <JobCard key={job.id} job={job} farms={farms} />
        ))}
      </ul>
      <DataAge data={jobs.data} className="op-jobs__age" />
    </>
  );
}

export default function InboxScreen({ farms }: { farms: OperatorFarms }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = parseTab(searchParams.get('tab'));
  const needsFarm = farms.isStaff && !farms.farmId;
  const newJobs = useQuery({ ...operatorQueries.jobs('new', farms.farmId), enabled: !needsFarm });
  const newCount = newJobs.data?.length ?? 0;

  return (
    <div className="op-screen">
      <title>Job inbox · PrintFarm Network</title>
      <header className="op-header">
        <InboxIntro />
        <FarmPicker farms={farms} allowAll />
      </header>
      {needsFarm ? (
        <p className="op-empty">Choose a farm to see its jobs.</p>
      ) : (
        <Tabs
          value={tab}
          onValueChange={(value) => {
            const next = new URLSearchParams(searchParams);
            if (value === 'new') next.delete('tab');
            else next.set('tab', value);
            setSearchParams(next, { replace: true });
          }}
        >
          <TabsList aria-label="Jobs" className="op-tabs">
            {TABS.map(({ value, label }) => (
              <TabsTrigger key={value} value={value}>
                {label}
                {value === 'new' && newCount > 0 && <span className="op-tab-count">{newCount}</span>}
              </TabsTrigger>
            ))}
          </TabsList>
          {TABS.map(({ value }) => (
            <TabsContent key={value} value={value}>
              <JobList tab={value} farms={farms} />
            </TabsContent>
          ))}
        </Tabs>
      )}
    </div>
  );
}
