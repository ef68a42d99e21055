import { accountTexts } from '@recell/contract';
import { OutboxTable } from '@/features/admin';
import { DashboardPage } from './dashboard-page';

/** Admin, in development: the emails the site would have sent, kept in the database without SMTP. */
function EmailOutboxPage() {
  return (
    <DashboardPage title={accountTexts.emailOutbox}>
      <OutboxTable />
    </DashboardPage>
  );
}

export default EmailOutboxPage;
