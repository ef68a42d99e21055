import { accountTexts, messages, type Login, type LoginSchema } from '@recell/contract';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { fieldOf, TextField } from '@/components/ui/form';
import { showFormError } from '@/lib/form-errors';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { setSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useIsHydrated } from '@/lib/use-is-hydrated';

// The schema and the API call load on the first Login press (the page itself needs neither).
const resolver = lazyZodResolver<z.input<typeof LoginSchema>, Login>(() =>
  import('../schemas').then((module) => module.LoginSchema),
);

/**
 * Email and password. The contract's LoginSchema checks the fields (the spec's messages under
 * them); the server's answers go to the field at fault. On success the session starts and the
 * page sends the user on.
 */
export function LoginForm() {
  const form = useForm<z.input<typeof LoginSchema>, unknown, Login>({
    resolver,
    defaultValues: { email: '', password: '' },
  });
  const {
    handleSubmit,
    setError,
    formState: { isSubmitting },
  } = form;
  const isHydrated = useIsHydrated();

  const onSubmit = async (credentials: Login) => {
    try {
      const { login } = await import('../api/login');
      const session = await login(credentials);
      toast.success(messages.loginSuccess);
      setSession(session);
    } catch (error) {
      showFormError(error, setError, ['email', 'password']);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)} className="mt-6 space-y-5">
      <TextField label={accountTexts.email} type="email" autoComplete="email" {...fieldOf(form, 'email')} />
      <TextField
        label={accountTexts.password}
        type="password"
        autoComplete="current-password"
        {...fieldOf(form, 'password')}
      />
      <button
        type="submit"
        className="btn btn-primary w-full"
        disabled={isSubmitting || !isHydrated}
        aria-busy={isSubmitting}
      >
        {accountTexts.loginButton}
      </button>
    </form>
  );
}
