import { messages } from '@recell/contract';
import { Page } from '@/components/ui/page';

export function DashboardPage() {
  return <Page title="Dashboard" heading={messages.dashboardWelcome} />;
}

export default DashboardPage;
