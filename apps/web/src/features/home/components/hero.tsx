import type { Theme } from '@storefront/core';

export function Hero({ hero }: { hero: Theme['hero'] }) {
  return (
    <section aria-labelledby="hero-title" className="relative isolate overflow-hidden bg-secondary text-white">
      <img src={hero.backgroundImage} alt="" className="absolute inset-0 -z-10 h-full w-full object-cover" />
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-gradient-to-r from-black/80 via-black/60 to-black/20"
      />
      <div className="mx-auto flex max-w-6xl flex-col items-start gap-6 px-4 py-24 sm:py-32">
        <h1 id="hero-title" className="max-w-2xl font-extrabold text-4xl leading-tight sm:text-5xl">
          {hero.title}
        </h1>
        <p className="max-w-xl text-lg text-stone-100">{hero.subtitle}</p>
        <a
          href={hero.ctaLink}
          className="rounded-md bg-primary px-6 py-3 font-semibold text-lg text-white shadow-lg hover:bg-primary-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
        >
          {hero.ctaText}
        </a>
      </div>
    </section>
  );
}
