import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { initialConfigState, useConfigStore } from '@/features/settings/stores/config-store';

afterEach(() => {
  cleanup();
  localStorage.clear();
  useConfigStore.setState(initialConfigState());
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
