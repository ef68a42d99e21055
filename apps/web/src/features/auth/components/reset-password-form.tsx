import { recoveryTexts, type PasswordSchema } from '@recell/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { fieldOf, TextField } from '@/components/ui/form';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-client';
import { showFormError } from '@/lib/form-errors';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { useIsHydrated } from '@/lib/use-is-hydrated';

type NewPassword = { password: z.output<typeof PasswordSchema> };

const resolver = lazyZodResolver<{ password: string }, NewPassword>(() =>
  import('../schemas').then((module) => module.NewPasswordSchema),
);

/**
 * A new password for the account of the emailed link (`token`), held to the sign-up rules. A link
 * that is invalid, used or expired says so, with a way to ask for a new one.
 */
export function ResetPasswordForm({ token }: { token: string }) {
  const form = useForm<{ password: string }, unknown, NewPassword>({ resolver, defaultValues: { password: '' } });
  const {
    handleSubmit,
    setError,
    formState: { isSubmitting },
  } = form;
  const isHydrated = useIsHydrated();
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string }>();

  const onSubmit = async ({ password }: NewPassword) => {
    try {
      const { resetPassword } = await import('../api/recovery');
      setOutcome({ ok: true, message: (await resetPassword({ token, password })).message });
    } catch (error) {
      if (isApiError(error) && error.fields?.token) setOutcome({ ok: false, message: error.fields.token });
      else showFormError(error, setError, ['password']);
    }
  };

  if (outcome) {
    return (
      <div className="mt-6 space-y-4">
        <p
          role={outcome.ok ? 'status' : 'alert'}
          className={
            outcome.ok
              ? 'rounded-lg border border-emerald-300 bg-emerald-50 p-3 dark:border-emerald-700 dark:bg-emerald-950'
              : 'rounded-lg border border-red-300 bg-red-50 p-3 dark:border-red-700 dark:bg-red-950'
          }
        >
          {outcome.message}
        </p>
        <Link to={outcome.ok ? paths.login.to() : paths.forgotPassword.to()} className="link block text-center">
          {outcome.ok ? recoveryTexts.backToLogin : recoveryTexts.requestNewLink}
        </Link>
      </div>
    );
  }
  return (
    <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)} className="mt-6 space-y-5">
      <TextField
        label={recoveryTexts.newPassword}
        type="password"
        autoComplete="new-password"
        {...fieldOf(form, 'password')}
      />
      <button
        type="submit"
        className="btn btn-primary w-full"
        disabled={isSubmitting || !isHydrated}
        aria-busy={isSubmitting}
      >
        {isSubmitting ? recoveryTexts.saving : recoveryTexts.resetButton}
      </button>
    </form>
  );
}
