import { passwordField } from '@storefront/core';
import { useState } from 'react';
import { toast } from 'sonner';
import { z } from 'zod';
import { ApiError } from '@/lib/api-client';
import { useChangePassword } from '../api/change-password';
import { type FieldErrors, FormAlert, formValues, SubmitButton, TextField, validate } from './form-fields';

/** Changing the password signs out every other device; an account from Google sets its first one here. */
export function ChangePasswordForm({ hasPassword }: { hasPassword: boolean }) {
  const change = useChangePassword();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState('');

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setMessage('');
    const form = event.currentTarget;
    const schema = z.object({
      current_password: hasPassword ? z.string().min(1, 'Enter your current password') : z.string().optional(),
      new_password: passwordField,
    });
    const result = validate(schema, formValues(form));
    setErrors(result.errors ?? {});
    if (!result.data) return;
    try {
      await change.mutateAsync(result.data);
      form.reset();
      toast.success('Password changed. Other devices are signed out.');
    } catch (error) {
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
      setMessage(error instanceof ApiError ? error.message : 'Could not change the password.');
    }
  }

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2" aria-label="Change password">
      <div className="sm:col-span-2">
        <FormAlert>{message}</FormAlert>
      </div>
      {hasPassword && (
        <TextField
          label="Current password"
          name="current_password"
          type="password"
          autoComplete="current-password"
          error={errors.current_password}
        />
      )}
      <TextField
        label="New password"
        name="new_password"
        type="password"
        autoComplete="new-password"
        error={errors.new_password}
        hint="At least 8 characters."
      />
      <div>
        <SubmitButton pending={change.isPending}>{hasPassword ? 'Change password' : 'Set password'}</SubmitButton>
      </div>
    </form>
  );
}
