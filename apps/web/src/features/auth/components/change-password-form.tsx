import { changePasswordRequestSchema } from '@orderfront/core';
import { toast } from 'sonner';
import { z } from 'zod';
import { useZodForm } from '@/lib/forms';
import { useChangePassword } from '../api/change-password';
import { useFormMessage } from '../hooks/use-form-message';
import { AuthForm, NewPasswordField, SubmitButton, TextField } from './form-fields';

type ChangePassword = z.input<typeof changePasswordRequestSchema>;

/** An account with a password must give it; one from Google has none yet. */
const withCurrentPassword = changePasswordRequestSchema.extend({
  current_password: z.string().min(1, 'Enter your current password'),
});

/** Changing the password signs out every other device; an account from Google sets its first one here. */
export function ChangePasswordForm({ hasPassword }: { hasPassword: boolean }) {
  const change = useChangePassword();
  const schema: z.ZodType<ChangePassword, ChangePassword> = hasPassword
    ? withCurrentPassword
    : changePasswordRequestSchema;
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useZodForm(schema, {
    defaultValues: hasPassword ? { current_password: '', new_password: '' } : { new_password: '' },
  });
  const { message, submitWith, fail } = useFormMessage();

  async function save(values: ChangePassword) {
    try {
      await change.mutateAsync(values);
      reset();
      toast.success('Password changed. Other devices are signed out.');
    } catch (error) {
      fail(error, 'Could not change the password.', setError);
    }
  }

  return (
    <AuthForm label="Change password" message={message} onSubmit={submitWith(handleSubmit(save))} columns>
      {hasPassword && (
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          error={errors.current_password?.message}
          {...register('current_password')}
        />
      )}
      <NewPasswordField error={errors.new_password?.message} {...register('new_password')} />
      <div>
        <SubmitButton pending={change.isPending}>{hasPassword ? 'Change password' : 'Set password'}</SubmitButton>
      </div>
    </AuthForm>
  );
}
