import { notificationTexts } from '@recell/contract';
import { useSearchParams } from 'react-router';
import { Page } from '@/components/ui/page';
import { Unsubscribe } from '@/features/notifications';

/** Where an emailed unsubscribe link lands (`?token=…`); no sign-in needed. */
function UnsubscribePage() {
  const [search] = useSearchParams();
  return (
    <div className="mx-auto max-w-md">
      <Page title={notificationTexts.unsubscribeHeading}>
        <Unsubscribe token={search.get('token') ?? ''} />
      </Page>
    </div>
  );
}

export default UnsubscribePage;
