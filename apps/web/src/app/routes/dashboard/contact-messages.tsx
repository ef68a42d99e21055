import { accountTexts } from '@recell/contract';
import { useSearchParams } from 'react-router';
import { ContactMessagesTable, contactMessageViewOf } from '@/features/admin';
import { DashboardPage } from './dashboard-page';

/** Admin: what visitors sent with the Contact us form; the inbox, or `?view=archived`. */
function ContactMessagesPage() {
  const [search] = useSearchParams();
  return (
    <DashboardPage title={accountTexts.contactMessages}>
      <ContactMessagesTable view={contactMessageViewOf(search)} />
    </DashboardPage>
  );
}

export default ContactMessagesPage;
