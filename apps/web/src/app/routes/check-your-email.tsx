import { checkEmailTexts } from '@recell/contract';
import { Page } from '@/components/ui/page';
import { CheckYourEmail, useReturnTo } from '@/features/auth';

/** Where sign-up ends ("check your email"), its heading focused; on from there to where the person was going. */
function CheckYourEmailPage() {
  const { to } = useReturnTo();
  return (
    <div className="mx-auto max-w-xl">
      <Page title={checkEmailTexts.heading}>
        <CheckYourEmail next={to} />
      </Page>
    </div>
  );
}

export default CheckYourEmailPage;
