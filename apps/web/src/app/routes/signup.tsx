import { accountTexts } from '@recell/contract';
import { Link, Navigate } from 'react-router';
import { Page } from '@/components/ui/page';
import { paths } from '@/config/paths';
import { SignupForm, SocialSignIn, useAuth, useReturnTo } from '@/features/auth';

/**
 * Sign-up: the account form, Google, a link to login. Signed in, it sends the user on: a new account
 * whose address is not confirmed yet to "check your email" first (which then leads on).
 */
function SignupPage() {
  const { status, user } = useAuth();
  const { to, state } = useReturnTo();
  if (status === 'signedIn')
    return user.isEmailConfirmed ? (
      <Navigate to={to} replace />
    ) : (
      <Navigate to={paths.checkEmail.to()} state={state} replace />
    );

  return (
    <div className="mx-auto max-w-md">
      <Page title={accountTexts.signupHeading}>
        <SignupForm />
        <SocialSignIn providers={['google']} next={to} />
        <p className="mt-8 text-center text-sm">
          {accountTexts.haveAccount}{' '}
          <Link to={paths.login.to()} state={state} className="link">
            {accountTexts.loginLink}
          </Link>
        </p>
      </Page>
    </div>
  );
}

export default SignupPage;
