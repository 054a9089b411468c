import { defaultTheme } from '@storefront/core';
import { lazy, Suspense } from 'react';
import { FeaturesSection } from '@/features/home/components/features-section';
import { Hero } from '@/features/home/components/hero';

// The menu sections load after the hero, so the first paint never waits for the menu's code.
const HomeMenuSections = lazy(() =>
  import('../catalogue-routes').then((module) => ({ default: module.HomeMenuSections })),
);

export function Component() {
  return (
    <>
      <Hero hero={defaultTheme.hero} />
      <FeaturesSection features={defaultTheme.features} />
      <Suspense fallback={<div id="menu" className="min-h-96" />}>
        <HomeMenuSections />
      </Suspense>
    </>
  );
}
