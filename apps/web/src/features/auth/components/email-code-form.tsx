import { verifyEmailRequestSchema } from '@orderfront/core';
import { toast } from 'sonner';
import type { z } from 'zod';
import { useZodForm } from '@/lib/forms';
import { useVerifyEmail } from '../api/verify-email';
import { useFormMessage } from '../hooks/use-form-message';
import { AuthForm, CodeField, SubmitButton, secondaryButtonClass } from './form-fields';

const codeOnly = verifyEmailRequestSchema.pick({ code: true });

/** The code mailed to a new address: entering it moves the account there. */
export function EmailCodeForm({ email, onDone }: { email: string; onDone: () => void }) {
  const verify = useVerifyEmail();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useZodForm(codeOnly, { defaultValues: { code: '' } });
  const { message, submitWith, fail } = useFormMessage();

  async function confirm({ code }: z.output<typeof codeOnly>) {
    try {
      await verify.mutateAsync({ email, code });
      toast.success('Your email address is confirmed');
      onDone();
    } catch (error) {
      fail(error, 'Could not check the code. Please try again.');
    }
  }

  return (
    <AuthForm label="Confirm your new email" message={message} onSubmit={submitWith(handleSubmit(confirm))}>
      <CodeField
        error={errors.code?.message}
        hint={`We sent a code to ${email} (unless another account uses it). It expires in 10 minutes.`}
        {...register('code')}
      />
      <div className="flex flex-wrap gap-3">
        <SubmitButton pending={verify.isPending}>Confirm email</SubmitButton>
        <button type="button" className={secondaryButtonClass} onClick={onDone}>
          Keep the current address
        </button>
      </div>
    </AuthForm>
  );
}
