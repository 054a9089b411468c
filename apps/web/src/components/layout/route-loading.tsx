/** Shown while the first route's code loads; sized to avoid a layout jump when it arrives. */
export function RouteLoading() {
  return (
    <div role="status" className="flex min-h-dvh items-center justify-center">
      <span className="size-10 animate-spin rounded-full border-4 border-primary border-t-transparent motion-reduce:animate-none" />
      <span className="sr-only">Loading…</span>
    </div>
  );
}
