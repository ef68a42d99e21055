import { zodResolver } from '@hookform/resolvers/zod';
import { messages, webTexts, z } from '@recell/contract';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';

const ContactSchema = z.object({
  name: z.string().trim().min(1, messages.nameRequired),
  email: z.string().trim().min(1, messages.emailRequired).pipe(z.email(webTexts.contactEmailInvalid)),
  message: z.string().trim().min(1, webTexts.contactMessageRequired),
});
type Contact = z.infer<typeof ContactSchema>;

const inputClass =
  'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 placeholder:text-slate-500 aria-[invalid=true]:border-red-600 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:aria-[invalid=true]:border-red-400';

/**
 * The spec's Contact us form, which submits nowhere: Send checks the fields, thanks the sender with
 * a toast and clears the form.
 */
export function ContactForm() {
  const id = useId();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<Contact>({ resolver: zodResolver(ContactSchema), defaultValues: { name: '', email: '', message: '' } });

  const onSubmit = (contact: Contact) => {
    toast.success(webTexts.contactThanks(contact.name));
    reset();
  };

  const field = (name: keyof Contact) => ({
    id: `${id}-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
    ...register(name),
  });
  const error = (name: keyof Contact) =>
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
      <button type="submit" className="btn btn-primary w-full sm:w-auto">
        {webTexts.contactSend}
      </button>
    </form>
  );
}
