import { accountTexts } from '@recell/contract';
import { Page } from '@/components/ui/page';
import { ProfileCard, useAuth } from '@/features/auth';

/** The signed-in user's profile (the route is behind RequireAuth). */
function ProfilePage() {
  const { user } = useAuth();
  return <Page title={accountTexts.profileHeading}>{user && <ProfileCard user={user} />}</Page>;
}

export default ProfilePage;
