import { checkEmailTexts } from '@recell/contract';
import { useDemoMailboxUrl } from '../api/get-demo-mailbox';

/** A link to the demo mailbox, opening in a new tab; nothing outside a demo. */
export function DemoMailboxLink({
  className,
  label = checkEmailTexts.demoMailbox,
}: {
  className: string;
  label?: string;
}) {
  const url = useDemoMailboxUrl();
  if (!url) return null;
  return (
    <a href={url} target="_blank" rel="noopener" className={className}>
      {label} <span className="sr-only">{checkEmailTexts.opensInNewTab}</span>
    </a>
  );
}

/**
 * Where a person is told to check their email: in a demo, that no email leaves the site and where
 * they arrive instead. Nothing outside a demo.
 */
export function DemoMailboxHint() {
  const url = useDemoMailboxUrl();
  if (!url) return null;
  return (
    <p className="mt-4 rounded-lg border border-sky-300 bg-sky-50 p-3 dark:border-sky-700 dark:bg-sky-950">
      {checkEmailTexts.demoMailboxHint}{' '}
      <DemoMailboxLink className="link font-semibold" label={checkEmailTexts.openDemoMailbox} />
    </p>
  );
}
