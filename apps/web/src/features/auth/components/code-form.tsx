import { codeField } from '@storefront/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { z } from 'zod';
import { ApiError } from '@/lib/api-client';
import { useZodForm } from '@/lib/forms';
import { useRequestLoginCode } from '../api/request-login-code';
import { useVerifyCode } from '../api/verify-code';
import { useStartSession } from '../hooks/use-start-session';
import { type PendingSignIn, usePendingSignInStore } from '../stores/pending-sign-in-store';
import { FormAlert, SubmitButton, secondaryButtonClass, TextField } from './form-fields';

const codeSchema = z.object({ code: codeField });

/** Enters the mailed 6-digit code that completes a sign-up or a passwordless sign-in. */
export function CodeForm({ pending, redirectTo = '/' }: { pending: PendingSignIn; redirectTo?: string }) {
  const navigate = useNavigate();
  const verify = useVerifyCode();
  const resend = useRequestLoginCode();
  const startSession = useStartSession();
  const setPending = usePendingSignInStore((state) => state.setPending);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useZodForm(codeSchema, { defaultValues: { code: '' } });
  const [message, setMessage] = useState('');

  async function verifyCode({ code }: z.output<typeof codeSchema>) {
    try {
      const session = await verify.mutateAsync({ ...pending, code });
      setPending(null);
      startSession(session);
      toast.success(pending.purpose === 'signup' ? 'Welcome! Your account is ready.' : 'You are signed in');
      navigate(session.needs_profile.length ? '/complete-login' : redirectTo, { replace: true });
    } catch (error) {
      setMessage(error instanceof ApiError ? error.message : 'Could not check the code. Please try again.');
    }
  }

  async function sendAgain() {
    if (pending.purpose === 'signup') {
      navigate('/signup');
      return;
    }
    try {
      await resend.mutateAsync(pending.email);
      toast.success('We sent a new code');
    } catch (error) {
      setMessage(error instanceof ApiError ? error.message : 'Could not send a code.');
    }
  }

  return (
    <form
      noValidate
      onSubmit={(event) => {
        setMessage('');
        void handleSubmit(verifyCode)(event);
      }}
      className="flex flex-col gap-4"
      aria-label="Enter your code"
    >
      <FormAlert>{message}</FormAlert>
      <TextField
        label="6-digit code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        required
        error={errors.code?.message}
        hint={`Sent to ${pending.email}. It expires in 10 minutes.`}
        {...register('code')}
      />
      <div className="flex flex-wrap gap-3">
        <SubmitButton pending={verify.isPending}>Verify</SubmitButton>
        <button type="button" className={secondaryButtonClass} disabled={resend.isPending} onClick={sendAgain}>
          {pending.purpose === 'signup' ? 'Start again' : 'Send a new code'}
        </button>
      </div>
    </form>
  );
}
