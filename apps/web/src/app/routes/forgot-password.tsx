import { recoveryTexts } from '@recell/contract';
import { Link } from 'react-router';
import { Page } from '@/components/ui/page';
import { paths } from '@/config/paths';
import { ForgotPasswordForm } from '@/features/auth';

/** "Forgot password?": asks for the email and sends a reset link (if the address has an account). */
function ForgotPasswordPage() {
  return (
    <div className="mx-auto max-w-md">
      <Page title={recoveryTexts.forgotHeading}>
        <ForgotPasswordForm />
        <p className="mt-8 text-center text-sm">
          <Link to={paths.login.to()} className="link">
            {recoveryTexts.backToLogin}
          </Link>
        </p>
      </Page>
    </div>
  );
}

export default ForgotPasswordPage;
