import { type User, updateProfileRequestSchema } from '@storefront/core';
import { useState } from 'react';
import { toast } from 'sonner';
import type { z } from 'zod';
import { ApiError } from '@/lib/api-client';
import { showServerErrors, useZodForm } from '@/lib/forms';
import { useUpdateProfile } from '../api/update-profile';
import { FormAlert, SubmitButton, TextField } from './form-fields';

export function ProfileDetailsForm({ user }: { user: User }) {
  const update = useUpdateProfile();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useZodForm(updateProfileRequestSchema, {
    defaultValues: { name: user.name, phone_no: user.phone_no, email: user.email },
  });
  const [message, setMessage] = useState('');

  async function save(values: z.output<typeof updateProfileRequestSchema>) {
    try {
      await update.mutateAsync(values);
      toast.success('Your details are saved');
    } catch (error) {
      if (error instanceof ApiError) showServerErrors(setError, error.fields);
      setMessage(error instanceof ApiError ? error.message : 'Could not save. Please try again.');
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
      aria-label="Your details"
    >
      <div className="sm:col-span-2">
        <FormAlert>{message}</FormAlert>
      </div>
      <TextField label="Name" autoComplete="name" error={errors.name?.message} {...register('name')} />
      <TextField
        label="Phone"
        type="tel"
        autoComplete="tel"
        error={errors.phone_no?.message}
        {...register('phone_no')}
      />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        className="sm:col-span-2"
        {...register('email')}
      />
      <div>
        <SubmitButton pending={update.isPending}>Save details</SubmitButton>
      </div>
    </form>
  );
}
