import { type FormEvent, useId, useState } from 'react';
import { useSubscribeNewsletter } from '../api/subscribe-newsletter';

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The footer's optional newsletter sign-up (footer.showNewsletter). */
export function NewsletterForm({ tenantId }: { tenantId: number }) {
  const subscribe = useSubscribeNewsletter();
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const email = String(new FormData(form).get('email') ?? '').trim();
    if (!emailPattern.test(email)) {
      setError('Please enter a valid email address');
      return;
    }
    setError(null);
    subscribe.mutate(
      { tenant_id: tenantId, email },
      { onSuccess: () => form.reset(), onError: (e) => setError(e.message) },
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="mb-3 font-semibold text-white">
        Newsletter
      </h2>
      <label htmlFor={id} className="block text-sm text-stone-200">
        Email address
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id={id}
          name="email"
          type="email"
          autoComplete="email"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="min-w-0 flex-1 rounded-md border border-stone-400 bg-white px-3 py-2 text-stone-900"
        />
        <button
          type="submit"
          disabled={subscribe.isPending}
          className="rounded-md bg-accent px-4 py-2 font-semibold text-stone-900 hover:opacity-90 disabled:opacity-60"
        >
          Subscribe
        </button>
      </div>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-200">
          {error}
        </p>
      )}
      <p role="status" className="mt-1 text-sm text-stone-200">
        {subscribe.isSuccess ? 'Thanks for subscribing!' : ''}
      </p>
    </form>
  );
}
