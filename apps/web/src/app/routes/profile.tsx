import { Page } from '@/components/ui/page';

export function ProfilePage() {
  return <Page title="Profile" />;
}

export default ProfilePage;
