import { accountTexts } from '@recell/contract';
import { AuditLogTable } from '@/features/admin';
import { DashboardPage } from './dashboard-page';

/** Admin: who did what to which record, when (admin actions, deletions, payments), newest first. */
function AuditLogPage() {
  return (
    <DashboardPage title={accountTexts.auditLog}>
      <AuditLogTable />
    </DashboardPage>
  );
}

export default AuditLogPage;
