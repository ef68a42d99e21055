import { notificationKindLabels, notificationKinds, notificationTexts, type EmailPreferences } from '@recell/contract';
import { useId, useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/lib/toast';
import { useEmailPreferences, useUpdateEmailPreferences } from '../api/notifications';

function PreferencesForm({ saved }: { saved: EmailPreferences['emails'] }) {
  const [emails, setEmails] = useState(saved);
  const update = useUpdateEmailPreferences();
  const idPrefix = useId();
  return (
    <form
      className="mt-4"
      onSubmit={(event) => {
        event.preventDefault();
        update.mutate(
          { emails },
          {
            onSuccess: () => {
              toast.success(notificationTexts.preferencesSaved);
            },
          },
        );
      }}
    >
      <fieldset>
        <legend className="sr-only">{notificationTexts.preferencesHeading}</legend>
        <ul className="flex flex-col gap-1">
          {notificationKinds.map((kind) => (
            <li key={kind} className="flex min-h-11 items-center gap-3">
              <input
                id={`${idPrefix}-${kind}`}
                type="checkbox"
                className="size-5"
                checked={emails[kind]}
                onChange={(event) => {
                  setEmails({ ...emails, [kind]: event.target.checked });
                }}
              />
              <label htmlFor={`${idPrefix}-${kind}`}>{notificationKindLabels[kind]}</label>
            </li>
          ))}
        </ul>
      </fieldset>
      <button type="submit" className="btn btn-primary mt-4" disabled={update.isPending}>
        {update.isPending ? notificationTexts.preferencesSaving : notificationTexts.preferencesSave}
      </button>
    </form>
  );
}

/** The profile's "Email notifications": which kinds of notification are also emailed. */
export function EmailPreferencesSection() {
  const query = useEmailPreferences();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mt-10">
      <h2 id={headingId} className="text-2xl font-bold">
        {notificationTexts.preferencesHeading}
      </h2>
      <p className="mt-2 text-slate-700 dark:text-slate-300">{notificationTexts.preferencesIntro}</p>
      {query.data ? <PreferencesForm saved={query.data.emails} /> : query.isPending ? <Spinner /> : null}
    </section>
  );
}
