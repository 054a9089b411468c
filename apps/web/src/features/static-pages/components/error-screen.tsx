import { icon } from '@/components/ui/icon';

const TriangleAlert = icon([
  ['path', { d: 'm21.73 18-8-14a2 2 0 0 0-3.48 0l-8 14A2 2 0 0 0 4 21h16a2 2 0 0 0 1.73-3' }],
  ['path', { d: 'M12 9v4' }],
  ['path', { d: 'M12 17h.01' }],
]);

/** /error: what went wrong (the server-down message) and a way to try again. */
export function ErrorScreen({ message, onRetry }: { message: string | null; onRetry: () => void }) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <TriangleAlert aria-hidden="true" className="size-12 text-primary" />
      <h1 className="font-bold text-3xl">Something went wrong</h1>
      <p role="alert" className="text-stone-700">
        {message ?? 'We could not reach the restaurant right now.'}
      </p>
      <p className="text-stone-600">Please try again in a moment.</p>
      <button
        type="button"
        onClick={onRetry}
        className="rounded-md bg-primary px-5 py-2.5 font-semibold text-white hover:bg-primary-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
      >
        Try again
      </button>
    </section>
  );
}
