import type { Theme } from '@orderfront/core';

const ctaClass =
  'inline-block rounded-md bg-primary px-6 py-3 font-semibold text-lg text-white shadow-lg hover:bg-primary-dark focus-visible:outline-2 focus-visible:outline-offset-2';

/** `overlay`: text over a full-bleed image. `split`: text beside the image. */
export function Hero({ hero }: { hero: Theme['hero'] }) {
  if (hero.variant === 'split') {
    return (
      <section aria-labelledby="hero-title" data-variant="split" className="bg-primary-light">
        <div className="mx-auto grid max-w-6xl items-center gap-8 px-4 py-12 md:grid-cols-2 md:py-20">
          <div className="flex flex-col items-start gap-6">
            <h1 id="hero-title" className="font-extrabold text-4xl text-stone-900 leading-tight sm:text-5xl">
              {hero.title}
            </h1>
            <p className="text-lg text-stone-700">{hero.subtitle}</p>
            <a href={hero.ctaLink} className={`${ctaClass} focus-visible:outline-primary`}>
              {hero.ctaText}
            </a>
          </div>
          {hero.backgroundImage && (
            <img
              src={hero.backgroundImage}
              alt=""
              fetchPriority="high"
              className="aspect-[4/3] w-full rounded-2xl object-cover shadow-lg"
            />
          )}
        </div>
      </section>
    );
  }
  return (
    <section
      aria-labelledby="hero-title"
      data-variant="overlay"
      className="relative isolate overflow-hidden bg-secondary text-white"
    >
      {hero.backgroundImage && (
        // The page's largest paint: fetched first (decision 049).
        <img
          src={hero.backgroundImage}
          alt=""
          fetchPriority="high"
          className="absolute inset-0 -z-10 h-full w-full object-cover"
        />
      )}
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-gradient-to-r from-black/80 via-black/65 to-black/40"
      />
      <div className="mx-auto flex max-w-6xl flex-col items-start gap-6 px-4 py-24 sm:py-32">
        <h1 id="hero-title" className="max-w-2xl font-extrabold text-4xl leading-tight sm:text-5xl">
          {hero.title}
        </h1>
        <p className="max-w-xl text-lg text-stone-100">{hero.subtitle}</p>
        <a href={hero.ctaLink} className={`${ctaClass} focus-visible:outline-white`}>
          {hero.ctaText}
        </a>
      </div>
    </section>
  );
}
