import { recoveryTexts, accountTexts, type ForgotPassword, type ForgotPasswordSchema } from '@recell/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { fieldOf, TextField } from '@/components/ui/form';
import { showFormError } from '@/lib/form-errors';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { useIsHydrated } from '@/lib/use-is-hydrated';
import { DemoMailboxHint } from './demo-mailbox-link';

const resolver = lazyZodResolver<z.input<typeof ForgotPasswordSchema>, ForgotPassword>(() =>
  import('../schemas').then((module) => module.ForgotPasswordSchema),
);

/**
 * "Forgot password?": the email, then the server's one answer (the same whether or not the address
 * has an account), shown in place of the form.
 */
export function ForgotPasswordForm() {
  const form = useForm<z.input<typeof ForgotPasswordSchema>, unknown, ForgotPassword>({
    resolver,
    defaultValues: { email: '' },
  });
  const {
    handleSubmit,
    setError,
    formState: { isSubmitting },
  } = form;
  const isHydrated = useIsHydrated();
  const [answer, setAnswer] = useState<string>();

  const onSubmit = async (body: ForgotPassword) => {
    try {
      const { requestPasswordReset } = await import('../api/recovery');
      setAnswer((await requestPasswordReset(body)).message);
    } catch (error) {
      showFormError(error, setError, ['email']);
    }
  };

  if (answer) {
    return (
      <>
        <p
          role="status"
          className="mt-6 rounded-lg border border-emerald-300 bg-emerald-50 p-3 dark:border-emerald-700 dark:bg-emerald-950"
        >
          {answer}
        </p>
        <DemoMailboxHint />
      </>
    );
  }
  return (
    <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)} className="mt-6 space-y-5">
      <p>{recoveryTexts.forgotIntro}</p>
      <TextField label={accountTexts.email} type="email" autoComplete="email" {...fieldOf(form, 'email')} />
      <button
        type="submit"
        className="btn btn-primary w-full"
        disabled={isSubmitting || !isHydrated}
        aria-busy={isSubmitting}
      >
        {isSubmitting ? recoveryTexts.sending : recoveryTexts.forgotButton}
      </button>
    </form>
  );
}
