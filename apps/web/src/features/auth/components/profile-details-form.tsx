import { type User, updateProfileRequestSchema } from '@orderfront/core';
import { toast } from 'sonner';
import type { z } from 'zod';
import { useZodForm } from '@/lib/forms';
import { useUpdateProfile } from '../api/update-profile';
import { useFormMessage } from '../hooks/use-form-message';
import { AuthForm, EmailField, NameField, PhoneField, SubmitButton } from './form-fields';

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
  const { message, submitWith, fail } = useFormMessage();

  async function save(values: z.output<typeof updateProfileRequestSchema>) {
    try {
      await update.mutateAsync(values);
      toast.success('Your details are saved');
    } catch (error) {
      fail(error, 'Could not save. Please try again.', setError);
    }
  }

  return (
    <AuthForm label="Your details" message={message} onSubmit={submitWith(handleSubmit(save))} columns>
      <NameField error={errors.name?.message} {...register('name')} />
      <PhoneField error={errors.phone_no?.message} {...register('phone_no')} />
      <EmailField error={errors.email?.message} className="sm:col-span-2" {...register('email')} />
      <div>
        <SubmitButton pending={update.isPending}>Save details</SubmitButton>
      </div>
    </AuthForm>
  );
}
