export { AuthContext, AuthProvider, restoreSession, useAuth } from './auth-context';
export type { AuthContextValue } from './auth-context';
export { useRequireSignIn } from './use-require-sign-in';
export { RequireAuth } from './components/require-auth';
export { RenderedSignedInContext } from './rendered-signed-in';
export { RequireRole, type RefusedPageState } from './components/require-role';
export { LoginForm } from './components/login-form';
export { SignupForm } from './components/signup-form';
export { SocialSignIn } from './components/social-sign-in';
export { ProfileCard } from './components/profile-card';
export { useReturnTo } from './return-to';
export { SignInReasonNote } from './components/sign-in-reason';
export { ForgotPasswordForm } from './components/forgot-password-form';
export { ResetPasswordForm } from './components/reset-password-form';
export { EmailConfirmationNotice } from './components/email-confirmation-notice';
export {
  ConfirmEmailFirst,
  ConfirmEmailFirstDialog,
  EmailConfirmationRequired,
} from './components/confirm-email-first';
export { EmailConfirmation } from './components/email-confirmation';
export { CheckYourEmail } from './components/check-your-email';
export { DemoMailboxLink, DemoMailboxHint } from './components/demo-mailbox-link';
