import { signupRequestSchema } from '@orderfront/core';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { Link } from '@/components/ui/link';
import { useZodForm } from '@/lib/forms';
import { useSignup } from '../api/signup';
import { useFormMessage } from '../hooks/use-form-message';
import { usePendingSignInStore } from '../stores/pending-sign-in-store';
import { AuthForm, EmailField, linkClass, NameField, NewPasswordField, PhoneField, SubmitButton } from './form-fields';

const signupSchema = signupRequestSchema.omit({ tenant_id: true });

export function SignupForm() {
  const navigate = useNavigate();
  const signup = useSignup();
  const setPending = usePendingSignInStore((state) => state.setPending);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useZodForm(signupSchema, { defaultValues: { name: '', email: '', phone_no: '', password: '' } });
  const { message, submitWith, fail } = useFormMessage();

  async function signUp(values: z.output<typeof signupSchema>) {
    try {
      await signup.mutateAsync(values);
      setPending({ email: values.email, purpose: 'signup' });
      navigate('/otp-verification');
    } catch (error) {
      fail(error, 'Sign-up failed. Please try again.', setError);
    }
  }

  return (
    <AuthForm label="Create an account" message={message} onSubmit={submitWith(handleSubmit(signUp))}>
      <NameField required error={errors.name?.message} {...register('name')} />
      <EmailField required error={errors.email?.message} {...register('email')} />
      <PhoneField required error={errors.phone_no?.message} {...register('phone_no')} />
      <NewPasswordField label="Password" required error={errors.password?.message} {...register('password')} />
      <SubmitButton pending={signup.isPending}>Create account</SubmitButton>
      <p className="text-stone-700">
        Already have an account?{' '}
        <Link to="/login" className={linkClass}>
          Log in
        </Link>
      </p>
    </AuthForm>
  );
}
