import { accountTexts, messages } from '@recell/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { fieldOf, FileField, SelectField, TextField, UploadProgress } from '@/components/ui/form';
import { isApiError } from '@/lib/api-client';
import { showFormError } from '@/lib/form-errors';
import { imageAccept } from '@/lib/image-file';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { setSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useIsHydrated } from '@/lib/use-is-hydrated';
import type { SignupFormSchema } from '../schemas';

type SignupFormInput = z.input<typeof SignupFormSchema>;
type SignupForm = z.output<typeof SignupFormSchema>;

const fieldNames = ['name', 'email', 'password', 'role', 'image'] as const;

// The schema and the API call load on the first Sign Up press (the page itself needs neither).
const resolver = lazyZodResolver<SignupFormInput, SignupForm>(() =>
  import('../schemas').then((module) => module.SignupFormSchema),
);

/** Admin is never offered. */
const roleOptions = [
  { value: 'user', label: messages.roleUserOption },
  { value: 'seller', label: messages.roleSellerOption },
];

/**
 * Full name, email, password, role (user or seller: admin is never offered) and a photo, checked
 * by the contract's SignupFieldsSchema plus the photo's own check; sent as one multipart request
 * whose upload progress is shown.
 */
export function SignupForm() {
  const [sent, setSent] = useState<number | null>(null);
  const form = useForm<SignupFormInput, unknown, SignupForm>({
    resolver,
    defaultValues: { name: '', email: '', password: '' },
  });
  const {
    handleSubmit,
    setError,
    formState: { isSubmitting },
  } = form;
  const isHydrated = useIsHydrated();

  const onSubmit = async ({ image, ...fields }: SignupForm) => {
    if (!image) return; // the schema requires it
    setSent(0);
    try {
      const { signup } = await import('../api/signup');
      const session = await signup(fields, image, setSent);
      toast.success(messages.signupSuccess);
      setSession(session);
    } catch (error) {
      const shown = showFormError(error, setError, fieldNames);
      // An account that exists already: said under the email and in a toast (docs/product.md, Messages).
      if (isApiError(error) && error.code === 'conflict' && shown.length > 0) toast.error(error.message);
    } finally {
      setSent(null);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)} className="mt-6 space-y-5">
      <TextField label={accountTexts.fullName} autoComplete="name" {...fieldOf(form, 'name')} />
      <TextField label={accountTexts.email} type="email" autoComplete="email" {...fieldOf(form, 'email')} />
      <TextField
        label={accountTexts.password}
        type="password"
        autoComplete="new-password"
        {...fieldOf(form, 'password')}
      />
      <SelectField
        label={accountTexts.role}
        placeholder={accountTexts.rolePlaceholder}
        options={roleOptions}
        {...fieldOf(form, 'role')}
      />
      <FileField
        label={accountTexts.photo}
        hint={accountTexts.photoHint}
        accept={imageAccept}
        {...fieldOf(form, 'image')}
      />
      {sent !== null && (
        <UploadProgress
          sent={sent}
          label={sent < 1 ? accountTexts.uploading(Math.round(sent * 100)) : accountTexts.creatingAccount}
        />
      )}
      <button
        type="submit"
        className="btn btn-primary w-full"
        disabled={isSubmitting || !isHydrated}
        aria-busy={isSubmitting}
      >
        {accountTexts.signupButton}
      </button>
    </form>
  );
}
