import { nameField, phoneField } from '@orderfront/core';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { useZodForm } from '@/lib/forms';
import { useUpdateProfile } from '../api/update-profile';
import { useFormMessage } from '../hooks/use-form-message';
import { AuthForm, NameField, PhoneField, SubmitButton } from './form-fields';

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
  const { message, submitWith, fail } = useFormMessage();

  async function save(values: z.output<typeof schema>) {
    try {
      await update.mutateAsync(values);
      navigate(redirectTo, { replace: true });
    } catch (error) {
      fail(error, 'Could not save. Please try again.');
    }
  }

  return (
    <AuthForm label="Complete your profile" message={message} onSubmit={submitWith(handleSubmit(save))}>
      <NameField required error={errors.name?.message} {...register('name')} />
      <PhoneField required error={errors.phone_no?.message} {...register('phone_no')} />
      <SubmitButton pending={update.isPending}>Save and continue</SubmitButton>
    </AuthForm>
  );
}
