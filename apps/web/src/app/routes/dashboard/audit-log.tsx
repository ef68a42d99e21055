import { accountTexts } from '@recell/contract';
import { DashboardPage } from './dashboard-page';

/** The audit log (being built; the route, its guard and the menu entry work now). */
export function AuditLogPage() {
  return <DashboardPage title={accountTexts.auditLog} />;
}

export default AuditLogPage;
