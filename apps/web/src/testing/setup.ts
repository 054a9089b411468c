import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { useRestaurantStore } from '@/features/restaurants/stores/restaurant-store';
import { initialConfigState, useConfigStore } from '@/features/settings/stores/config-store';

// A lazy route's first import can take several seconds on a loaded 2-core machine (the API,
// core and web suites run side by side); findBy* waits for it.
configure({ asyncUtilTimeout: 12_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  useConfigStore.setState(initialConfigState());
  useRestaurantStore.setState({ selectedRestaurant: null });
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

// jsdom has no scrolling; the router's scroll restoration calls it on every navigation.
window.scrollTo = () => undefined;
