// The signed-in customer's dashboard: sidebar, header with 'New Print Request', and the overview
// or the tab named by ?tab= (upload, requests, files, history, settings), all from real data.
import { isActiveRequest } from '@printfarm/domain/requestStatus';
import { UPLOAD_HINTS } from '@printfarm/domain/upload';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { displayFirstName } from '../../api/auth.ts';
import { printFarmQueries } from '../../api/printFarms.ts';
import { printRequestQueries } from '../../api/printRequests.ts';
import { projectFileQueries } from '../../api/projectFiles.ts';
import { DashboardShell } from '../../components/dashboard/DashboardShell.tsx';
import {
  CheckIcon,
  ClockIcon,
  FileIcon,
  FolderIcon,
  HelpIcon,
  NetworkIcon,
  PlusIcon,
  QuoteIcon,
  UploadIcon,
} from '../../components/dashboard/icons.tsx';
import { type DashboardTab, parseTab } from '../../components/dashboard/navigation.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { UploadDialog } from '../../components/upload/UploadDialog.tsx';
import { isNewAccount } from '../../lib/newAccount.ts';
import { FileManager } from './FileManager.tsx';
import { HistoryTab } from './HistoryTab.tsx';
import { MembershipCard } from './MembershipCard.tsx';
import { RequestList } from './RequestList.tsx';
import { SettingsTab } from './SettingsTab.tsx';
import { SupportDialog } from './SupportDialog.tsx';
import '../../components/dashboard/dashboard.css';

export const DASHBOARD_TITLE = 'Custom 3D Printing Dashboard';

const TAB_TITLES: Record<DashboardTab, string> = {
  upload: 'Upload Files',
  requests: 'My Requests',
  files: 'File Manager',
  history: 'Request History',
  settings: 'Settings',
};

function StatCard({
  label,
  value,
  icon,
  tone,
}: {
  label: string;
  value: ReactNode;
  icon: ReactNode;
  tone: string;
}) {
  return (
    <Card className={`stat-card stat-card--${tone}`}>
      <CardContent className="stat-card__content">
        <div>
          <p className="stat-card__label">{label}</p>
          <p className="stat-card__value">{value}</p>
        </div>
        <span className="stat-card__icon">{icon}</span>
      </CardContent>
    </Card>
  );
}

function useAvailableFarms(): number | null {
  const stats = useQuery({ ...printFarmQueries.stats(), retry: false });
  const farms = useQuery({ ...printFarmQueries.list(), enabled: stats.isError });
  if (typeof stats.data?.activeFarms === 'number') return stats.data.activeFarms;
  if (farms.data) return farms.data.length;
  return null;
}

function UploadCard({ onUpload }: { onUpload: () => void }) {
  return (
    <Card className="upload-card">
      <CardHeader>
        <CardTitle className="dash-card-title">
          <UploadIcon /> Upload New Design
        </CardTitle>
        <CardDescription>Get a quote and a print farm for your part.</CardDescription>
      </CardHeader>
      <CardContent>
        <div className="upload-card__drop">
          <FileIcon size={36} />
          <h3 className="upload-card__heading">Upload 3D Design Files</h3>
          <p className="upload-card__hint">{UPLOAD_HINTS.formats}</p>
          <p className="upload-card__hint">{UPLOAD_HINTS.limits}</p>
          <Button onClick={onUpload}>
            <UploadIcon size={18} /> Upload Files
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

function QuickActions({ onUpload, onSupport }: { onUpload: () => void; onSupport: () => void }) {
  return (
    <Card className="quick-actions">
      <CardHeader>
        <CardTitle>Quick Actions</CardTitle>
      </CardHeader>
      <CardContent className="quick-actions__list">
        <Link className="quick-action" to="/dashboard?tab=files">
          <FolderIcon /> Browse Files
        </Link>
        <Link className="quick-action" to="/print-farms">
          <NetworkIcon /> Print Farm Network
        </Link>
        <button type="button" className="quick-action" onClick={onUpload}>
          <QuoteIcon /> Request Quote
        </button>
        <button type="button" className="quick-action" onClick={onSupport}>
          <HelpIcon /> Support
        </button>
      </CardContent>
    </Card>
  );
}

/** A tab's list in a card, under the line that says what it holds. */
function ListCard({ description, children }: { description: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

export interface DashboardUser {
  id: string;
  firstName: string | null;
}

export function DashboardContent({ user }: { user: DashboardUser }) {
  const [searchParams] = useSearchParams();
  const tab = parseTab(searchParams.get('tab'));
  const [uploading, setUploading] = useState(false);
  const [supportOpen, setSupportOpen] = useState(false);
  const requests = useQuery(printRequestQueries.list());
  const files = useQuery(projectFileQueries.list());
  const availableFarms = useAvailableFarms();

  const openUpload = () => setUploading(true);
  const requestList = requests.data ?? [];
  const active = requestList.filter((request) => isActiveRequest(request.status)).length;
  const completed = requestList.filter((request) => request.status === 'completed').length;
  const dash = (value: number | null | undefined, loading: boolean) =>
    loading || value == null ? '—' : value;

  let body: ReactNode;
  if (tab === 'upload') {
    body = (
      <div className="dash-stack">
        <UploadCard onUpload={openUpload} />
        <Card>
          <CardHeader>
            <CardTitle>Tips for a smooth print</CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="dash-tips">
              <li>Export meshes in millimetres; STL, OBJ, 3MF and PLY get a 3D preview.</li>
              <li>Watertight (closed) models print best; we check every file within seconds.</li>
              <li>Upload several parts of one project together, up to 5 files at once.</li>
              <li>Large uploads resume where they stopped if your connection drops.</li>
            </ul>
          </CardContent>
        </Card>
      </div>
    );
  } else if (tab === 'requests') {
    body = (
      <ListCard description="All your print requests, drafts included, newest first.">
        <RequestList requests={requests.data} loading={requests.isPending} />
      </ListCard>
    );
  } else if (tab === 'files') {
    body = (
      <ListCard description="Every design you uploaded, checked and measured within seconds.">
        <FileManager onUpload={openUpload} />
      </ListCard>
    );
  } else if (tab === 'history') {
    body = <HistoryTab requests={requests.data} loading={requests.isPending} />;
  } else if (tab === 'settings') {
    body = <SettingsTab />;
  } else {
    body = (
      <div className="dash-stack">
        <section className="stat-grid" aria-label="Your numbers">
          <StatCard
            label="Active Requests"
            value={dash(active, requests.isPending)}
            icon={<ClockIcon />}
            tone="blue"
          />
          <StatCard
            label="Completed"
            value={dash(completed, requests.isPending)}
            icon={<CheckIcon />}
            tone="green"
          />
          <StatCard
            label="Files Uploaded"
            value={dash(files.data?.length, files.isPending)}
            icon={<FileIcon />}
            tone="orange"
          />
          <StatCard
            label="Available Farms"
            value={dash(availableFarms, false)}
            icon={<NetworkIcon />}
            tone="purple"
          />
        </section>
        <div className="dash-columns">
          <UploadCard onUpload={openUpload} />
          <QuickActions onUpload={openUpload} onSupport={() => setSupportOpen(true)} />
        </div>
        <MembershipCard />
        <Card>
          <CardHeader>
            <CardTitle>Your Print Requests</CardTitle>
          </CardHeader>
          <CardContent>
            <RequestList requests={requests.data} loading={requests.isPending} />
          </CardContent>
        </Card>
      </div>
    );
  }

  return (
    <DashboardShell>
      <header className="dash-header">
        <div>
          <h1 className="dash-header__title">{DASHBOARD_TITLE}</h1>
          <p className="dash-header__welcome">
            {isNewAccount(user.id) ? 'Welcome' : 'Welcome back'}, {displayFirstName(user)}!
          </p>
        </div>
        <Button onClick={openUpload}>
          <PlusIcon size={18} /> New Print Request
        </Button>
      </header>
      {tab && <h2 className="dash-section-title">{TAB_TITLES[tab]}</h2>}
      {body}
      <UploadDialog open={uploading} onOpenChange={setUploading} />
      <SupportDialog open={supportOpen} onOpenChange={setSupportOpen} />
    </DashboardShell>
  );
}
