import { loginRequestSchema } from '@orderfront/core';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { Link } from '@/components/ui/link';
import { useZodForm } from '@/lib/forms';
import { useLogin } from '../api/login';
import { useRequestLoginCode } from '../api/request-login-code';
import { useFormMessage } from '../hooks/use-form-message';
import { useStartSession } from '../hooks/use-start-session';
import { usePendingSignInStore } from '../stores/pending-sign-in-store';
import { AuthForm, EmailField, linkClass, SubmitButton, secondaryButtonClass, TextField } from './form-fields';
import { GoogleButton } from './google-button';

const loginSchema = loginRequestSchema.omit({ tenant_id: true });

export function LoginForm({ redirectTo = '/' }: { redirectTo?: string }) {
  const navigate = useNavigate();
  const startSession = useStartSession();
  const login = useLogin();
  const requestCode = useRequestLoginCode();
  const setPending = usePendingSignInStore((state) => state.setPending);
  const {
    register,
    handleSubmit,
    trigger,
    clearErrors,
    getValues,
    formState: { errors },
  } = useZodForm(loginSchema, { defaultValues: { email: '', password: '' } });
  const { message, setMessage, submitWith, fail } = useFormMessage();

  async function logIn(values: z.output<typeof loginSchema>) {
    try {
      const session = await login.mutateAsync(values);
      startSession(session);
      navigate(session.needs_profile.length ? '/complete-login' : redirectTo, { replace: true });
    } catch (error) {
      fail(error, 'Sign-in failed. Please try again.');
    }
  }

  /** Asks only for the email: the password's error (if any) goes. */
  async function emailCode() {
    setMessage('');
    clearErrors();
    if (!(await trigger('email'))) return;
    const email = loginSchema.shape.email.parse(getValues('email'));
    try {
      await requestCode.mutateAsync(email);
      setPending({ email, purpose: 'login' });
      navigate('/complete-login');
    } catch (error) {
      fail(error, 'Could not send a code. Please try again.');
    }
  }

  return (
    <div className="flex flex-col gap-5">
      <AuthForm label="Log in" message={message} onSubmit={submitWith(handleSubmit(logIn))}>
        <EmailField required error={errors.email?.message} {...register('email')} />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          error={errors.password?.message}
          {...register('password')}
        />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <SubmitButton pending={login.isPending}>Log in</SubmitButton>
          <Link to="/forgot-password" className={linkClass}>
            Forgot password?
          </Link>
        </div>
        <button
          type="button"
          className={secondaryButtonClass}
          disabled={requestCode.isPending}
          onClick={() => void emailCode()}
        >
          Email me a sign-in code instead
        </button>
      </AuthForm>
      <GoogleButton
        onSignedIn={(needsProfile) => navigate(needsProfile ? '/complete-login' : redirectTo, { replace: true })}
      />
      <p className="text-stone-700">
        New here?{' '}
        <Link to="/signup" className={linkClass}>
          Create an account
        </Link>
      </p>
    </div>
  );
}
