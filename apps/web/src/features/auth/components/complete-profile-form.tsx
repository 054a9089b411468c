import { nameField, phoneField } from '@storefront/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { ApiError } from '@/lib/api-client';
import { useUpdateProfile } from '../api/update-profile';
import { type FieldErrors, FormAlert, formValues, SubmitButton, TextField, validate } from './form-fields';

const schema = z.object({ name: nameField, phone_no: phoneField });

/** After a social sign-in: asks for what the provider did not give (the phone number, perhaps the name). */
export function CompleteProfileForm({ name, redirectTo = '/' }: { name: string; redirectTo?: string }) {
  const navigate = useNavigate();
  const update = useUpdateProfile();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState('');

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = validate(schema, formValues(event.currentTarget));
    setErrors(result.errors ?? {});
    if (!result.data) return;
    try {
      await update.mutateAsync(result.data);
      navigate(redirectTo, { replace: true });
    } catch (error) {
      setMessage(error instanceof ApiError ? error.message : 'Could not save. Please try again.');
    }
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Complete your profile">
      <FormAlert>{message}</FormAlert>
      <TextField label="Name" name="name" autoComplete="name" defaultValue={name} required error={errors.name} />
      <TextField label="Phone" name="phone_no" type="tel" autoComplete="tel" required error={errors.phone_no} />
      <SubmitButton pending={update.isPending}>Save and continue</SubmitButton>
    </form>
  );
}
