import { hydrate as hydrateQueries } from '@tanstack/react-query';
import { StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { AppRouter, hydratedRouter } from './app/router';
import { hydrateFromServerKnownState, readSsrState } from './app/ssr-state';
import { runtimeConfig } from './config/runtime';
import { autoClearSettingFromGeneral } from './features/restaurants/lib/auto-clear';
import { setAutoClearSettingSource } from './features/restaurants/stores/restaurant-store';
import { bootConfigStore, showThemeColors, useConfigStore } from './features/settings/stores/config-store';
import { createQueryClient } from './lib/query-client';
import './index.css';

showThemeColors();
// The tenant's settings came inlined with the page: the first render already has its theme.
bootConfigStore(runtimeConfig.settings, runtimeConfig.tenantId);
// Spec §3/§5: the restaurant auto-clear setting is the tenant's general settings.
setAutoClearSettingSource(() => autoClearSettingFromGeneral(useConfigStore.getState().theme.general));

/** Marks the page interactive once React has taken it over (tests and monitoring wait for it). */
function Interactive() {
  useEffect(() => {
    document.documentElement.dataset.interactive = 'true';
  }, []);
  return null;
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const ssr = readSsrState();
if (ssr && root.hasChildNodes()) {
  // Decision 035: the page came rendered; the browser takes it over from the state it was rendered with.
  const queryClient = createQueryClient();
  hydrateQueries(queryClient, ssr.queries);
  hydrateFromServerKnownState(ssr);
  const router = await hydratedRouter();
  hydrateRoot(
    root,
    <StrictMode>
      <AppProvider queryClient={queryClient}>
        <AppRouter router={router} />
        <Interactive />
      </AppProvider>
    </StrictMode>,
  );
} else {
  createRoot(root).render(
    <StrictMode>
      <AppProvider>
        <AppRouter />
        <Interactive />
      </AppProvider>
    </StrictMode>,
  );
}
