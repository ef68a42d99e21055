import { accountTexts, recoveryTexts } from '@recell/contract';
import { Link, Navigate } from 'react-router';
import { Page } from '@/components/ui/page';
import { paths } from '@/config/paths';
import { LoginForm, SignInReasonNote, SocialSignIn, useAuth, useReturnTo } from '@/features/auth';

/**
 * Login: why the visitor was sent here (when a guard said), email and password, Google and GitHub,
 * a link to sign-up. Signed in, it sends the user on.
 */
function LoginPage() {
  const { status } = useAuth();
  const { to, reason, state } = useReturnTo();
  if (status === 'signedIn') return <Navigate to={to} replace />;

  return (
    <div className="mx-auto max-w-md">
      <Page title={accountTexts.loginHeading}>
        <SignInReasonNote reason={reason} />
        <LoginForm />
        <p className="mt-3 text-right text-sm">
          <Link to={paths.forgotPassword.to()} className="link">
            {recoveryTexts.forgotLink}
          </Link>
        </p>
        <SocialSignIn providers={['google', 'github']} next={to} />
        <p className="mt-8 text-center text-sm">
          {accountTexts.noAccount}{' '}
          <Link to={paths.signup.to()} state={state} className="link">
            {accountTexts.signupLink}
          </Link>
        </p>
      </Page>
    </div>
  );
}

export default LoginPage;
