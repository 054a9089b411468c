import { nameField, phoneField } from '@storefront/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { ApiError } from '@/lib/api-client';
import { useZodForm } from '@/lib/forms';
import { useUpdateProfile } from '../api/update-profile';
import { FormAlert, SubmitButton, TextField } from './form-fields';

const schema = z.object({ name: nameField, phone_no: phoneField });

/** After a social sign-in: asks for what the provider did not give (the phone number, perhaps the name). */
export function CompleteProfileForm({ name, redirectTo = '/' }: { name: string; redirectTo?: string }) {
  const navigate = useNavigate();
  const update = useUpdateProfile();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useZodForm(schema, { defaultValues: { name, phone_no: '' } });
  const [message, setMessage] = useState('');

  async function save(values: z.output<typeof schema>) {
    try {
      await update.mutateAsync(values);
      navigate(redirectTo, { replace: true });
    } catch (error) {
      setMessage(error instanceof ApiError ? error.message : 'Could not save. Please try again.');
    }
  }

  return (
    <form noValidate onSubmit={handleSubmit(save)} className="flex flex-col gap-4" aria-label="Complete your profile">
      <FormAlert>{message}</FormAlert>
      <TextField label="Name" autoComplete="name" required error={errors.name?.message} {...register('name')} />
      <TextField
        label="Phone"
        type="tel"
        autoComplete="tel"
        required
        error={errors.phone_no?.message}
        {...register('phone_no')}
      />
      <SubmitButton pending={update.isPending}>Save and continue</SubmitButton>
    </form>
  );
}
