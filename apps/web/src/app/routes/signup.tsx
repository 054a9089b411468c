import { AuthCard } from '@/features/auth/components/form-fields';
import { SignupForm } from '@/features/auth/components/signup-form';

export function Component() {
  return (
    <AuthCard title="Create an account" intro="We will email you a 6-digit code to confirm your address.">
      <SignupForm />
    </AuthCard>
  );
}
