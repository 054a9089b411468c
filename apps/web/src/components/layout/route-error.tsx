import { isRouteErrorResponse, useRouteError } from 'react-router';

/** Shown when a route fails to load or render; a reload fetches fresh code and data. */
export function RouteError() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error) ? error.statusText : 'Something went wrong.';
  return (
    <main className="mx-auto flex min-h-dvh max-w-xl flex-col items-center justify-center gap-4 px-4 text-center">
      <h1 className="font-bold text-2xl">We hit a problem</h1>
      <p className="text-stone-600">{message}</p>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="rounded-md bg-primary px-5 py-2.5 font-semibold text-white hover:bg-primary-dark"
      >
        Try again
      </button>
    </main>
  );
}
