import { accountTexts } from '@recell/contract';
import { OutboxTable } from '@/features/admin';
import { DashboardPage } from './dashboard-page';

/** Admin: the emails the site sent or is sending, and how each delivery went (never what they say). */
function EmailOutboxPage() {
  return (
    <DashboardPage title={accountTexts.emailOutbox}>
      <OutboxTable />
    </DashboardPage>
  );
}

export default EmailOutboxPage;
