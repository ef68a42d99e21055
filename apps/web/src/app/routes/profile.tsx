import { accountTexts } from '@recell/contract';
import { Page } from '@/components/ui/page';
import { ProfileCard, useAuth } from '@/features/auth';
import { EmailPreferencesSection } from '@/features/notifications';

/** The signed-in user's profile (the route is behind RequireAuth). */
function ProfilePage() {
  const { user } = useAuth();
  return (
    <Page title={accountTexts.profileHeading}>
      {user && <ProfileCard user={user} />}
      {user && <EmailPreferencesSection />}
    </Page>
  );
}

export default ProfilePage;
