import { emailField, loginRequestSchema } from '@storefront/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import { ApiError } from '@/lib/api-client';
import { useLogin } from '../api/login';
import { useRequestLoginCode } from '../api/request-login-code';
import { useStartSession } from '../hooks/use-start-session';
import { usePendingSignInStore } from '../stores/pending-sign-in-store';
import {
  type FieldErrors,
  FormAlert,
  formValues,
  linkClass,
  SubmitButton,
  secondaryButtonClass,
  TextField,
  validate,
} from './form-fields';
import { GoogleButton } from './google-button';

const loginSchema = loginRequestSchema.omit({ tenant_id: true });

export function LoginForm({ redirectTo = '/' }: { redirectTo?: string }) {
  const navigate = useNavigate();
  const startSession = useStartSession();
  const login = useLogin();
  const requestCode = useRequestLoginCode();
  const setPending = usePendingSignInStore((state) => state.setPending);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState('');

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setMessage('');
    const result = validate(loginSchema, formValues(event.currentTarget));
    setErrors(result.errors ?? {});
    if (!result.data) return;
    try {
      const session = await login.mutateAsync(result.data);
      startSession(session);
      navigate(session.needs_profile.length ? '/complete-login' : redirectTo, { replace: true });
    } catch (error) {
      setMessage(error instanceof ApiError ? error.message : 'Sign-in failed. Please try again.');
    }
  }

  async function emailCode(form: HTMLFormElement | null) {
    if (!form) return;
    setMessage('');
    const result = validate(z.object({ email: emailField }), formValues(form));
    setErrors(result.errors ?? {});
    if (!result.data) return;
    try {
      await requestCode.mutateAsync(result.data.email);
      setPending({ email: result.data.email, purpose: 'login' });
      navigate('/complete-login');
    } catch (error) {
      setMessage(error instanceof ApiError ? error.message : 'Could not send a code. Please try again.');
    }
  }

  return (
    <div className="flex flex-col gap-5">
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Log in">
        <FormAlert>{message}</FormAlert>
        <TextField label="Email" name="email" type="email" autoComplete="email" required error={errors.email} />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          error={errors.password}
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
          onClick={(event) => void emailCode(event.currentTarget.form)}
        >
          Email me a sign-in code instead
        </button>
      </form>
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
