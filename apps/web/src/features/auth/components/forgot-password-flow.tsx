import { codeField, passwordField, requestCodeSchema } from '@orderfront/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { z } from 'zod';
import { Link } from '@/components/ui/link';
import { useZodForm } from '@/lib/forms';
import { useForgotPassword } from '../api/forgot-password';
import { useResetPassword } from '../api/reset-password';
import { useFormMessage } from '../hooks/use-form-message';
import { useStartSession } from '../hooks/use-start-session';
import { AuthForm, CodeField, EmailField, linkClass, NewPasswordField, SubmitButton, TextField } from './form-fields';

/** The single-use link carries its secret in the #fragment (never sent to a server); read it once. */
export function readResetLink(hash: string): { email: string; token: string } | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const email = params.get('email');
  const token = params.get('token');
  return email && token ? { email, token } : null;
}

const emailSchema = requestCodeSchema.pick({ email: true });
const newPasswordSchema = z
  .object({ password: passwordField, confirm: z.string() })
  .refine((value) => value.password === value.confirm, { message: 'The passwords differ', path: ['confirm'] });
const codeAndPasswordSchema = newPasswordSchema.and(z.object({ code: codeField }));

type Step = { kind: 'email' } | { kind: 'code'; email: string } | { kind: 'link'; email: string; token: string };

export function ForgotPasswordFlow({ link }: { link: { email: string; token: string } | null }) {
  const [step, setStep] = useState<Step>(link ? { kind: 'link', ...link } : { kind: 'email' });
  if (step.kind === 'email') return <RequestCodeForm onSent={(email) => setStep({ kind: 'code', email })} />;
  return <NewPasswordForm step={step} />;
}

function RequestCodeForm({ onSent }: { onSent(email: string): void }) {
  const forgot = useForgotPassword();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useZodForm(emailSchema, { defaultValues: { email: '' } });
  const { message, submitWith, fail } = useFormMessage();

  async function requestCode({ email }: z.output<typeof emailSchema>) {
    try {
      await forgot.mutateAsync(email);
      onSent(email);
    } catch (error) {
      fail(error, 'Could not send a code. Please try again.');
    }
  }

  return (
    <AuthForm label="Reset your password" message={message} onSubmit={submitWith(handleSubmit(requestCode))}>
      <EmailField required error={errors.email?.message} {...register('email')} />
      <SubmitButton pending={forgot.isPending}>Send reset code</SubmitButton>
      <Link to="/login" className={linkClass}>
        Back to log in
      </Link>
    </AuthForm>
  );
}

type NewPassword = { password: string; confirm: string; code?: string };

/** The code from the mail, or the link's secret, with the new password twice. */
function NewPasswordForm({ step }: { step: Exclude<Step, { kind: 'email' }> }) {
  const navigate = useNavigate();
  const startSession = useStartSession();
  const reset = useResetPassword();
  const schema: z.ZodType<NewPassword, NewPassword> = step.kind === 'code' ? codeAndPasswordSchema : newPasswordSchema;
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useZodForm(schema, {
    defaultValues: step.kind === 'code' ? { code: '', password: '', confirm: '' } : { password: '', confirm: '' },
  });
  const { message, submitWith, fail } = useFormMessage();

  async function setNewPassword(values: NewPassword) {
    try {
      const session = await reset.mutateAsync(
        step.kind === 'code'
          ? { email: step.email, code: values.code, password: values.password }
          : { email: step.email, reset_token: step.token, password: values.password },
      );
      startSession(session);
      toast.success('Your password has been changed');
      navigate('/profile', { replace: true });
    } catch (error) {
      fail(error, 'Could not change the password. Please try again.');
    }
  }

  return (
    <AuthForm
      label="Choose a new password"
      message={message}
      onSubmit={submitWith(handleSubmit(setNewPassword))}
      status={
        step.kind === 'code' && (
          <p role="status" className="text-stone-700">
            If {step.email} has an account, we sent it a 6-digit code and a link. Enter the code here, or open the link.
          </p>
        )
      }
    >
      {step.kind === 'code' && <CodeField error={errors.code?.message} {...register('code')} />}
      <NewPasswordField required error={errors.password?.message} {...register('password')} />
      <TextField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        required
        error={errors.confirm?.message}
        {...register('confirm')}
      />
      <SubmitButton pending={reset.isPending}>Set new password</SubmitButton>
    </AuthForm>
  );
}
