import { acceptInvitationBodySchema } from '@orderfront/core';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { useAuthStore } from '@/lib/auth-store';
import { useZodForm } from '@/lib/forms';
import { useAcceptInvitation } from '../api/accept-invitation';
import { useFormMessage } from '../hooks/use-form-message';
import { AuthForm, NameField, NewPasswordField, SubmitButton } from './form-fields';

const formSchema = acceptInvitationBodySchema.pick({ name: true, password: true });
type Values = z.input<typeof formSchema>;

/** The invitee names themself and sets a password; the invitation's role starts at once. */
export function AcceptInvitationForm({ token }: { token: string }) {
  const accept = useAcceptInvitation();
  const setSession = useAuthStore((s) => s.setSession);
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useZodForm(formSchema, { defaultValues: { name: '', password: '' } });
  const { message, submitWith, fail } = useFormMessage();

  async function save(values: Values) {
    try {
      const session = await accept.mutateAsync({ token, ...values });
      setSession(session.token, session.user);
      navigate('/admin', { replace: true });
    } catch (error) {
      fail(error, 'Could not accept the invitation.', setError);
    }
  }

  return (
    <AuthForm label="Accept the invitation" message={message} onSubmit={submitWith(handleSubmit(save))}>
      <NameField label="Your name" error={errors.name?.message} {...register('name')} />
      <NewPasswordField label="Choose a password" error={errors.password?.message} {...register('password')} />
      <div>
        <SubmitButton pending={accept.isPending}>Accept and sign in</SubmitButton>
      </div>
    </AuthForm>
  );
}
