/** Spec §2: the full-screen 'Loading...' while theme and settings are still unknown. */
export function FullScreenLoading() {
  return (
    <div role="status" className="flex min-h-dvh flex-col items-center justify-center gap-4">
      <span
        aria-hidden="true"
        className="size-10 animate-spin rounded-full border-4 border-primary border-t-transparent motion-reduce:animate-none"
      />
      <span className="font-medium text-stone-700">Loading...</span>
    </div>
  );
}
