import { type User, updateProfileRequestSchema } from '@storefront/core';
import { useState } from 'react';
import { toast } from 'sonner';
import { ApiError } from '@/lib/api-client';
import { useUpdateProfile } from '../api/update-profile';
import { type FieldErrors, FormAlert, formValues, SubmitButton, TextField, validate } from './form-fields';

export function ProfileDetailsForm({ user }: { user: User }) {
  const update = useUpdateProfile();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState('');

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setMessage('');
    const result = validate(updateProfileRequestSchema, formValues(event.currentTarget));
    setErrors(result.errors ?? {});
    if (!result.data) return;
    try {
      await update.mutateAsync(result.data);
      toast.success('Your details are saved');
    } catch (error) {
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
      setMessage(error instanceof ApiError ? error.message : 'Could not save. Please try again.');
    }
  }

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2" aria-label="Your details">
      <div className="sm:col-span-2">
        <FormAlert>{message}</FormAlert>
      </div>
      <TextField label="Name" name="name" autoComplete="name" defaultValue={user.name} error={errors.name} />
      <TextField
        label="Phone"
        name="phone_no"
        type="tel"
        autoComplete="tel"
        defaultValue={user.phone_no}
        error={errors.phone_no}
      />
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        defaultValue={user.email}
        error={errors.email}
        className="sm:col-span-2"
      />
      <div>
        <SubmitButton pending={update.isPending}>Save details</SubmitButton>
      </div>
    </form>
  );
}
