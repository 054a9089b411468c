import { changePasswordRequestSchema } from '@storefront/core';
import { useState } from 'react';
import { toast } from 'sonner';
import { z } from 'zod';
import { ApiError } from '@/lib/api-client';
import { showServerErrors, useZodForm } from '@/lib/forms';
import { useChangePassword } from '../api/change-password';
import { FormAlert, SubmitButton, TextField } from './form-fields';

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
  const [message, setMessage] = useState('');

  async function save(values: ChangePassword) {
    try {
      await change.mutateAsync(values);
      reset();
      toast.success('Password changed. Other devices are signed out.');
    } catch (error) {
      if (error instanceof ApiError) showServerErrors(setError, error.fields);
      setMessage(error instanceof ApiError ? error.message : 'Could not change the password.');
    }
  }

  return (
    <form
      noValidate
      onSubmit={(event) => {
        setMessage('');
        void handleSubmit(save)(event);
      }}
      className="grid gap-4 sm:grid-cols-2"
      aria-label="Change password"
    >
      <div className="sm:col-span-2">
        <FormAlert>{message}</FormAlert>
      </div>
      {hasPassword && (
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          error={errors.current_password?.message}
          {...register('current_password')}
        />
      )}
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        error={errors.new_password?.message}
        hint="At least 8 characters."
        {...register('new_password')}
      />
      <div>
        <SubmitButton pending={change.isPending}>{hasPassword ? 'Change password' : 'Set password'}</SubmitButton>
      </div>
    </form>
  );
}
