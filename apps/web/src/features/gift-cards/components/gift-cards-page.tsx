import type { ReactNode } from 'react';

export function GiftCardsPage({ children }: { children: ReactNode }) {
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-12">
      <h1 className="font-bold text-3xl">Gift cards</h1>
      <p className="mt-2 text-stone-700">
        Send a digital gift card by email, today or on a date you choose. It can be spent on any online order, over as
        many orders as it lasts.
      </p>
      <div className="mt-6 grid gap-8">{children}</div>
    </section>
  );
}
