import { codeField, emailField, passwordField } from '@storefront/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { z } from 'zod';
import { ApiError } from '@/lib/api-client';
import { useForgotPassword } from '../api/forgot-password';
import { useResetPassword } from '../api/reset-password';
import { useStartSession } from '../hooks/use-start-session';
import { type FieldErrors, FormAlert, formValues, linkClass, SubmitButton, TextField, validate } from './form-fields';

/** The single-use link carries its secret in the #fragment (never sent to a server); read it once. */
export function readResetLink(hash: string): { email: string; token: string } | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const email = params.get('email');
  const token = params.get('token');
  return email && token ? { email, token } : null;
}

const newPasswordSchema = z
  .object({ password: passwordField, confirm: z.string() })
  .refine((value) => value.password === value.confirm, { message: 'The passwords differ', path: ['confirm'] });

type Step = { kind: 'email' } | { kind: 'code'; email: string } | { kind: 'link'; email: string; token: string };

export function ForgotPasswordFlow({ link }: { link: { email: string; token: string } | null }) {
  const navigate = useNavigate();
  const startSession = useStartSession();
  const forgot = useForgotPassword();
  const reset = useResetPassword();
  const [step, setStep] = useState<Step>(link ? { kind: 'link', ...link } : { kind: 'email' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState('');

  async function requestCode(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setMessage('');
    const result = validate(z.object({ email: emailField }), formValues(event.currentTarget));
    setErrors(result.errors ?? {});
    if (!result.data) return;
    try {
      await forgot.mutateAsync(result.data.email);
      setStep({ kind: 'code', email: result.data.email });
    } catch (error) {
      setMessage(error instanceof ApiError ? error.message : 'Could not send a code. Please try again.');
    }
  }

  async function setNewPassword(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (step.kind === 'email') return;
    setMessage('');
    const values = formValues(event.currentTarget);
    const schema = step.kind === 'code' ? newPasswordSchema.and(z.object({ code: codeField })) : newPasswordSchema;
    const result = validate(schema, values);
    setErrors(result.errors ?? {});
    if (!result.data) return;
    try {
      const session = await reset.mutateAsync(
        step.kind === 'code'
          ? { email: step.email, code: values.code, password: result.data.password }
          : { email: step.email, reset_token: step.token, password: result.data.password },
      );
      startSession(session);
      toast.success('Your password has been changed');
      navigate('/profile', { replace: true });
    } catch (error) {
      setMessage(error instanceof ApiError ? error.message : 'Could not change the password. Please try again.');
    }
  }

  if (step.kind === 'email') {
    return (
      <form noValidate onSubmit={requestCode} className="flex flex-col gap-4" aria-label="Reset your password">
        <FormAlert>{message}</FormAlert>
        <TextField label="Email" name="email" type="email" autoComplete="email" required error={errors.email} />
        <SubmitButton pending={forgot.isPending}>Send reset code</SubmitButton>
        <Link to="/login" className={linkClass}>
          Back to log in
        </Link>
      </form>
    );
  }
  return (
    <form noValidate onSubmit={setNewPassword} className="flex flex-col gap-4" aria-label="Choose a new password">
      {step.kind === 'code' && (
        <p role="status" className="text-stone-700">
          If {step.email} has an account, we sent it a 6-digit code and a link. Enter the code here, or open the link.
        </p>
      )}
      <FormAlert>{message}</FormAlert>
      {step.kind === 'code' && (
        <TextField
          label="6-digit code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          required
          error={errors.code}
        />
      )}
      <TextField
        label="New password"
        name="password"
        type="password"
        autoComplete="new-password"
        required
        error={errors.password}
        hint="At least 8 characters."
      />
      <TextField
        label="Confirm new password"
        name="confirm"
        type="password"
        autoComplete="new-password"
        required
        error={errors.confirm}
      />
      <SubmitButton pending={reset.isPending}>Set new password</SubmitButton>
    </form>
  );
}
