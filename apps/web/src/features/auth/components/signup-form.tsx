import { signupRequestSchema } from '@storefront/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '@/lib/api-client';
import { useSignup } from '../api/signup';
import { usePendingSignInStore } from '../stores/pending-sign-in-store';
import { type FieldErrors, FormAlert, formValues, linkClass, SubmitButton, TextField, validate } from './form-fields';

const signupSchema = signupRequestSchema.omit({ tenant_id: true });

export function SignupForm() {
  const navigate = useNavigate();
  const signup = useSignup();
  const setPending = usePendingSignInStore((state) => state.setPending);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState('');

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setMessage('');
    const result = validate(signupSchema, formValues(event.currentTarget));
    setErrors(result.errors ?? {});
    if (!result.data) return;
    try {
      await signup.mutateAsync(result.data);
      setPending({ email: result.data.email, purpose: 'signup' });
      navigate('/otp-verification');
    } catch (error) {
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
      setMessage(error instanceof ApiError ? error.message : 'Sign-up failed. Please try again.');
    }
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Create an account">
      <FormAlert>{message}</FormAlert>
      <TextField label="Name" name="name" autoComplete="name" required error={errors.name} />
      <TextField label="Email" name="email" type="email" autoComplete="email" required error={errors.email} />
      <TextField label="Phone" name="phone_no" type="tel" autoComplete="tel" required error={errors.phone_no} />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        required
        error={errors.password}
        hint="At least 8 characters."
      />
      <SubmitButton pending={signup.isPending}>Create account</SubmitButton>
      <p className="text-stone-700">
        Already have an account?{' '}
        <Link to="/login" className={linkClass}>
          Log in
        </Link>
      </p>
    </form>
  );
}
