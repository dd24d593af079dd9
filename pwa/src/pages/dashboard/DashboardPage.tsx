// /dashboard: the signed-in customer's dashboard. This file only decides between the spec's three
// states: loading, sign-in required, and the dashboard itself (DashboardContent).
import { DashboardContent } from './DashboardContent.tsx';
import { RequireDashboardUser } from './DashboardShell.tsx';

export default function DashboardPage() {
  return <RequireDashboardUser>{(user) => <DashboardContent user={user} />}</RequireDashboardUser>;
}
