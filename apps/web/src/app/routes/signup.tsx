import { Page } from '@/components/ui/page';

export function SignupPage() {
  return <Page title="Sign Up" />;
}

export default SignupPage;
