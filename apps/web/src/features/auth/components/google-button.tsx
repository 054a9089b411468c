import { useEffect, useRef, useState } from 'react';
import { apiMessage } from '@/lib/api-client';
import { useProviders } from '../api/get-providers';
import { useGoogleSignIn } from '../api/google-sign-in';
import { useStartSession } from '../hooks/use-start-session';

interface GoogleIdentity {
  accounts: {
    id: {
      initialize(options: { client_id: string; callback(response: { credential: string }): void }): void;
      renderButton(element: HTMLElement, options: Record<string, unknown>): void;
    };
  };
}

const scriptUrl = 'https://accounts.google.com/gsi/client';
let scriptPromise: Promise<GoogleIdentity> | null = null;

/** Google's Identity Services script, loaded once and only when a client id is configured. */
function loadGoogle(): Promise<GoogleIdentity> {
  scriptPromise ??= new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = scriptUrl;
    script.async = true;
    script.onload = () => {
      const google = (window as unknown as { google?: GoogleIdentity }).google;
      if (google) resolve(google);
      else reject(new Error('Google sign-in did not load'));
    };
    script.onerror = () => {
      scriptPromise = null;
      reject(new Error('Google sign-in did not load'));
    };
    document.head.append(script);
  });
  return scriptPromise;
}

/** "Sign in with Google" when the API reports a client id; nothing otherwise. */
export function GoogleButton({ onSignedIn }: { onSignedIn(needsProfile: boolean): void }) {
  const { data } = useProviders();
  const clientId = data?.google_client_id ?? null;
  const container = useRef<HTMLDivElement>(null);
  const signIn = useGoogleSignIn();
  const startSession = useStartSession();
  const [error, setError] = useState('');
  const callbacks = useRef({ signIn, startSession, onSignedIn });
  callbacks.current = { signIn, startSession, onSignedIn };

  useEffect(() => {
    if (!clientId) return;
    let cancelled = false;
    loadGoogle()
      .then((google) => {
        if (cancelled || !container.current) return;
        google.accounts.id.initialize({
          client_id: clientId,
          callback: ({ credential }) => {
            const { signIn, startSession, onSignedIn } = callbacks.current;
            signIn.mutateAsync(credential).then(
              (session) => {
                startSession(session);
                onSignedIn(session.needs_profile.length > 0);
              },
              (cause) => setError(apiMessage(cause, 'Google sign-in failed')),
            );
          },
        });
        google.accounts.id.renderButton(container.current, { theme: 'outline', size: 'large', text: 'signin_with' });
      })
      .catch(() => setError('Google sign-in is unavailable right now.'));
    return () => {
      cancelled = true;
    };
  }, [clientId]);

  if (!clientId) return null;
  return (
    <div className="flex flex-col gap-2">
      <div ref={container} />
      {error && (
        <p role="alert" className="text-red-700 text-sm">
          {error}
        </p>
      )}
    </div>
  );
}
