import { webTexts, type ContactMessageForm, type ContactMessageFormInput } from '@recell/contract';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { showFormError } from '@/lib/form-errors';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { toast } from '@/lib/toast';
import { useIsHydrated } from '@/lib/use-is-hydrated';

// The schema and the API call load on the first Send (the page itself needs neither).
const resolver = lazyZodResolver<ContactMessageFormInput, ContactMessageForm>(() =>
  import('../schema').then((module) => module.ContactMessageFormSchema),
);

const inputClass =
  'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 placeholder:text-slate-500 aria-[invalid=true]:border-red-600 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:aria-[invalid=true]:border-red-400';

const fieldNames = ['name', 'email', 'message'] as const;

/**
 * The spec's Contact us form. Send checks the fields with the contract's schema (the server checks
 * them again), sends the message to the admins and, only once the server has taken it, thanks the
 * sender and clears the form. A refusal shows the server's message (under the field at fault, or
 * in a toast) and keeps what was typed.
 *
 * `sender`: the signed-in person's name and email, filled in for them. The page is prerendered for
 * visitors, so they arrive once the session is known: each fills its field only while the field is
 * still empty (never over what was typed), in inputs already on the page, so nothing moves.
 */
export function ContactForm({ sender }: { sender?: { name: string; email: string } | undefined }) {
  const id = useId();
  const isHydrated = useIsHydrated();
  const {
    register,
    handleSubmit,
    reset,
    getValues,
    setValue,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ContactMessageFormInput, unknown, ContactMessageForm>({
    resolver,
    defaultValues: { name: '', email: '', message: '' },
  });

  const senderName = sender?.name ?? '';
  const senderEmail = sender?.email ?? '';
  useEffect(() => {
    if (senderName && getValues('name') === '') setValue('name', senderName);
    if (senderEmail && getValues('email') === '') setValue('email', senderEmail);
  }, [senderName, senderEmail, getValues, setValue]);

  const onSubmit = async (contact: ContactMessageForm) => {
    try {
      const { sendContactMessage } = await import('../api/send-contact-message');
      await sendContactMessage(contact);
    } catch (error) {
      showFormError(error, setError, fieldNames);
      return;
    }
    toast.success(webTexts.contactThanks(contact.name));
    // Ready for another message; a signed-in person's name and email stay filled in.
    reset({ name: senderName, email: senderEmail, message: '' });
  };

  const field = (name: (typeof fieldNames)[number]) => ({
    id: `${id}-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
    ...register(name),
  });
  const error = (name: (typeof fieldNames)[number]) =>
    errors[name] && (
      <p id={`${id}-${name}-error`} className="mt-1 text-sm text-red-700 dark:text-red-300">
        {errors[name].message}
      </p>
    );

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)} className="space-y-5">
      <div>
        <label htmlFor={`${id}-name`} className="block text-sm font-medium">
          {webTexts.contactName}
        </label>
        <input type="text" autoComplete="name" className={inputClass} {...field('name')} />
        {error('name')}
      </div>
      <div>
        <label htmlFor={`${id}-email`} className="block text-sm font-medium">
          {webTexts.contactEmail}
        </label>
        <input type="email" autoComplete="email" className={inputClass} {...field('email')} />
        {error('email')}
      </div>
      <div>
        <label htmlFor={`${id}-message`} className="block text-sm font-medium">
          {webTexts.contactMessage}
        </label>
        <textarea rows={5} className={inputClass} {...field('message')} />
        {error('message')}
      </div>
      <button
        type="submit"
        className="btn btn-primary w-full sm:w-auto"
        disabled={isSubmitting || !isHydrated}
        aria-busy={isSubmitting || undefined}
      >
        {webTexts.contactSend}
      </button>
    </form>
  );
}
