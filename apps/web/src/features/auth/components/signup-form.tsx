import { zodResolver } from '@hookform/resolvers/zod';
import { accountTexts, messages, SignupFieldsSchema } from '@recell/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Field, fileInputClass, inputClass, UploadProgress } from '@/components/ui/field';
import { isApiError } from '@/lib/api-client';
import { showFormError } from '@/lib/form-errors';
import { imageAccept, imageFileSchema } from '@/lib/image-file';
import { setSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { signup } from '../api/signup';

const SignupFormSchema = SignupFieldsSchema.extend({ image: imageFileSchema(messages.imageRequired) });
type SignupFormInput = z.input<typeof SignupFormSchema>;
type SignupForm = z.output<typeof SignupFormSchema>;

const fieldNames = ['name', 'email', 'password', 'role', 'image'] as const;

/**
 * Full name, email, password, role (user or seller: admin is never offered) and a photo, checked
 * by the contract's SignupFieldsSchema plus the photo's own check; sent as one multipart request
 * whose upload progress is shown.
 */
export function SignupForm() {
  const [sent, setSent] = useState<number | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SignupFormInput, unknown, SignupForm>({
    resolver: zodResolver(SignupFormSchema),
    defaultValues: { name: '', email: '', password: '' },
  });

  const onSubmit = async ({ image, ...fields }: SignupForm) => {
    if (!image) return; // the schema requires it
    setSent(0);
    try {
      const session = await signup(fields, image, setSent);
      toast.success(messages.signupSuccess);
      setSession(session);
    } catch (error) {
      const shown = showFormError(error, setError, fieldNames);
      // An account that exists already: said under the email and in a toast (spec §8).
      if (isApiError(error) && error.code === 'conflict' && shown.length > 0) toast.error(error.message);
    } finally {
      setSent(null);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)} className="mt-6 space-y-5">
      <Field label={accountTexts.fullName} error={errors.name?.message}>
        {(props) => <input type="text" autoComplete="name" className={inputClass} {...props} {...register('name')} />}
      </Field>
      <Field label={accountTexts.email} error={errors.email?.message}>
        {(props) => (
          <input type="email" autoComplete="email" className={inputClass} {...props} {...register('email')} />
        )}
      </Field>
      <Field label={accountTexts.password} error={errors.password?.message}>
        {(props) => (
          <input
            type="password"
            autoComplete="new-password"
            className={inputClass}
            {...props}
            {...register('password')}
          />
        )}
      </Field>
      <Field label={accountTexts.role} error={errors.role?.message}>
        {(props) => (
          <select className={inputClass} {...props} {...register('role')}>
            <option value="">{accountTexts.rolePlaceholder}</option>
            <option value="user">{messages.roleUserOption}</option>
            <option value="seller">{messages.roleSellerOption}</option>
          </select>
        )}
      </Field>
      <Field label={accountTexts.photo} hint={accountTexts.photoHint} error={errors.image?.message}>
        {(props) => (
          <input type="file" accept={imageAccept} className={fileInputClass} {...props} {...register('image')} />
        )}
      </Field>
      {sent !== null && (
        <UploadProgress
          sent={sent}
          label={sent < 1 ? accountTexts.uploading(Math.round(sent * 100)) : accountTexts.creatingAccount}
        />
      )}
      <button type="submit" className="btn btn-primary w-full" disabled={isSubmitting} aria-busy={isSubmitting}>
        {accountTexts.signupButton}
      </button>
    </form>
  );
}
