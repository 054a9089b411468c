import { signupRequestSchema } from '@storefront/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { ApiError } from '@/lib/api-client';
import { showServerErrors, useZodForm } from '@/lib/forms';
import { useSignup } from '../api/signup';
import { usePendingSignInStore } from '../stores/pending-sign-in-store';
import { FormAlert, linkClass, SubmitButton, TextField } from './form-fields';

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
  const [message, setMessage] = useState('');

  async function signUp(values: z.output<typeof signupSchema>) {
    try {
      await signup.mutateAsync(values);
      setPending({ email: values.email, purpose: 'signup' });
      navigate('/otp-verification');
    } catch (error) {
      if (error instanceof ApiError) showServerErrors(setError, error.fields);
      setMessage(error instanceof ApiError ? error.message : 'Sign-up failed. Please try again.');
    }
  }

  return (
    <form
      noValidate
      onSubmit={(event) => {
        setMessage('');
        void handleSubmit(signUp)(event);
      }}
      className="flex flex-col gap-4"
      aria-label="Create an account"
    >
      <FormAlert>{message}</FormAlert>
      <TextField label="Name" autoComplete="name" required error={errors.name?.message} {...register('name')} />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        required
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        label="Phone"
        type="tel"
        autoComplete="tel"
        required
        error={errors.phone_no?.message}
        {...register('phone_no')}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        required
        error={errors.password?.message}
        hint="At least 8 characters."
        {...register('password')}
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
