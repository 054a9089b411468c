import { defaultTheme } from '@storefront/core';
import { FeaturesSection } from '@/features/home/components/features-section';
import { Hero } from '@/features/home/components/hero';

export function Component() {
  return (
    <>
      <Hero hero={defaultTheme.hero} />
      <FeaturesSection features={defaultTheme.features} />
    </>
  );
}
