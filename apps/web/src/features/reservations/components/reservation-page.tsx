import type { ReactNode } from 'react';

/** The frame of every reservation screen: one h1, an optional intro, the content. */
export function ReservationPage({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-12">
      <h1 className="font-bold text-3xl">{title}</h1>
      {intro && <p className="mt-2 text-stone-700">{intro}</p>}
      <div className="mt-6">{children}</div>
    </section>
  );
}
