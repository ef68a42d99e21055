import { recoveryTexts } from '@recell/contract';
import { useSearchParams } from 'react-router';
import { Page } from '@/components/ui/page';
import { EmailConfirmation } from '@/features/auth';

/** Where the emailed confirmation link lands (`?token=…`). */
function ConfirmEmailPage() {
  const [search] = useSearchParams();
  return (
    <div className="mx-auto max-w-md">
      <Page title={recoveryTexts.confirmHeading}>
        <EmailConfirmation token={search.get('token') ?? ''} />
      </Page>
    </div>
  );
}

export default ConfirmEmailPage;
