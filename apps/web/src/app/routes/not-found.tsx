import { Link } from '@/components/ui/link';
import type { RouteHandle } from '../layout/root-layout';

export const handle: RouteHandle = { title: 'Page not found' };

export function Component() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <p className="font-semibold text-primary text-sm uppercase tracking-wide">404</p>
      <h1 className="font-bold text-3xl">Page not found</h1>
      <p className="text-stone-600">The page you are looking for does not exist or has moved.</p>
      <Link
        to="/"
        className="rounded-md bg-primary px-5 py-2.5 font-semibold text-white hover:bg-primary-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
      >
        Back to home
      </Link>
    </section>
  );
}
