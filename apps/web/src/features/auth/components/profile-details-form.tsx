import { type User, updateProfileRequestSchema } from '@orderfront/core';
import { useState } from 'react';
import { toast } from 'sonner';
import type { z } from 'zod';
import { useZodForm } from '@/lib/forms';
import { useUpdateProfile } from '../api/update-profile';
import { useFormMessage } from '../hooks/use-form-message';
import { EmailCodeForm } from './email-code-form';
import { AuthForm, EmailField, NameField, PhoneField, SubmitButton } from './form-fields';

export function ProfileDetailsForm({ user }: { user: User }) {
  const update = useUpdateProfile();
  // A new address changes only once the code mailed to it is entered (decision 025).
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
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
      const saved = await update.mutateAsync(values);
      if (values.email && values.email !== saved.email) {
        setPendingEmail(values.email);
        toast.success('Check your inbox: enter the code we sent to confirm the new address');
      } else {
        toast.success('Your details are saved');
      }
    } catch (error) {
      fail(error, 'Could not save. Please try again.', setError);
    }
  }

  return (
    <>
      <AuthForm label="Your details" message={message} onSubmit={submitWith(handleSubmit(save))} columns>
        <NameField error={errors.name?.message} {...register('name')} />
        <PhoneField error={errors.phone_no?.message} {...register('phone_no')} />
        <EmailField error={errors.email?.message} className="sm:col-span-2" {...register('email')} />
        <div>
          <SubmitButton pending={update.isPending}>Save details</SubmitButton>
        </div>
      </AuthForm>
      {pendingEmail && <EmailCodeForm email={pendingEmail} onDone={() => setPendingEmail(null)} />}
    </>
  );
}
