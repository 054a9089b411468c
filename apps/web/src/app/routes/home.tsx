import { defaultTheme } from '@storefront/core';
import { FeaturesSection } from '@/features/home/components/features-section';
import { Hero } from '@/features/home/components/hero';

export function Component() {
  const theme = defaultTheme;
  return (
    <>
      <Hero hero={theme.hero} />
      <FeaturesSection features={theme.features} />
    </>
  );
}
