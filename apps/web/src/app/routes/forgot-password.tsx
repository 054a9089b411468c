import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ForgotPasswordFlow, readResetLink } from '@/features/auth/components/forgot-password-flow';
import { AuthCard } from '@/features/auth/components/form-fields';

export function Component() {
  const { hash, pathname } = useLocation();
  const navigate = useNavigate();
  const [link, setLink] = useState(() => readResetLink(hash));
  const fromHash = readResetLink(hash);
  if (fromHash && fromHash.token !== link?.token) setLink(fromHash);
  // Drop the link's secret from the address bar and history as soon as it is read.
  useEffect(() => {
    if (hash) navigate(pathname, { replace: true });
  }, [hash, pathname, navigate]);

  return (
    <AuthCard
      title={link ? 'Choose a new password' : 'Forgot your password?'}
      intro={link ? `For ${link.email}.` : 'Enter your email and we will send you a code and a link to reset it.'}
    >
      <ForgotPasswordFlow key={link?.token ?? 'email'} link={link} />
    </AuthCard>
  );
}
