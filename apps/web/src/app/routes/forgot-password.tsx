import { useState } from 'react';
import { ForgotPasswordFlow, readResetLink } from '@/features/auth/components/forgot-password-flow';
import { AuthCard } from '@/features/auth/components/form-fields';

function takeResetLink() {
  const link = readResetLink(window.location.hash);
  // Drop the secret from the address bar and history as soon as it is read.
  if (link) window.history.replaceState(window.history.state, '', window.location.pathname);
  return link;
}

export function Component() {
  const [link] = useState(takeResetLink);
  return (
    <AuthCard
      title={link ? 'Choose a new password' : 'Forgot your password?'}
      intro={link ? `For ${link.email}.` : 'Enter your email and we will send you a code and a link to reset it.'}
    >
      <ForgotPasswordFlow link={link} />
    </AuthCard>
  );
}
