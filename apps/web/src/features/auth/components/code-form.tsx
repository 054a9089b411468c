import { codeField } from '@orderfront/core';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { z } from 'zod';
import { useZodForm } from '@/lib/forms';
import { useRequestLoginCode } from '../api/request-login-code';
import { useVerifyCode } from '../api/verify-code';
import { useFormMessage } from '../hooks/use-form-message';
import { useStartSession } from '../hooks/use-start-session';
import { type PendingSignIn, usePendingSignInStore } from '../stores/pending-sign-in-store';
import { AuthForm, CodeField, SubmitButton, secondaryButtonClass } from './form-fields';

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
  const { message, submitWith, fail } = useFormMessage();

  async function verifyCode({ code }: z.output<typeof codeSchema>) {
    try {
      const session = await verify.mutateAsync({ ...pending, code });
      setPending(null);
      startSession(session);
      toast.success(pending.purpose === 'signup' ? 'Welcome! Your account is ready.' : 'You are signed in');
      navigate(session.needs_profile.length ? '/complete-login' : redirectTo, { replace: true });
    } catch (error) {
      fail(error, 'Could not check the code. Please try again.');
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
      fail(error, 'Could not send a code.');
    }
  }

  return (
    <AuthForm label="Enter your code" message={message} onSubmit={submitWith(handleSubmit(verifyCode))}>
      <CodeField
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
    </AuthForm>
  );
}
