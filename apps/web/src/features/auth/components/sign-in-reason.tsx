import { accessTexts, type SignInReason } from '@recell/contract';
import { useIsHydrated } from '@/lib/use-is-hydrated';

/**
 * On the login page: why the visitor was sent there (to book a phone, to search…) and that they
 * will come back. The reason travels in the page's history state, which the prerendered HTML
 * cannot know: it shows once React has the page.
 */
export function SignInReasonNote({ reason }: { reason: SignInReason | undefined }) {
  const isHydrated = useIsHydrated();
  if (!reason || !isHydrated) return null;
  return (
    <p
      role="status"
      className="mt-6 rounded-lg border border-teal-300 bg-teal-50 px-3 py-2 text-teal-950 dark:border-teal-700 dark:bg-teal-950 dark:text-teal-50"
    >
      <strong className="font-semibold">{accessTexts.signInReason[reason]}</strong> {accessTexts.comeBackAfterLogin}
    </p>
  );
}
