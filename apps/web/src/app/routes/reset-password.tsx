import { recoveryMessages, recoveryTexts } from '@recell/contract';
import { Link, useSearchParams } from 'react-router';
import { Page } from '@/components/ui/page';
import { paths } from '@/config/paths';
import { ResetPasswordForm } from '@/features/auth';

/** Where the emailed reset link lands (`?token=…`): a new password. */
function ResetPasswordPage() {
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  return (
    <div className="mx-auto max-w-md">
      <Page title={recoveryTexts.resetHeading}>
        {token ? (
          <ResetPasswordForm token={token} />
        ) : (
          <>
            <p role="alert" className="mt-6">
              {recoveryMessages.resetLinkInvalid}
            </p>
            <Link to={paths.forgotPassword.to()} className="link mt-4 block text-center">
              {recoveryTexts.requestNewLink}
            </Link>
          </>
        )}
      </Page>
    </div>
  );
}

export default ResetPasswordPage;
