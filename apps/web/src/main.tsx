import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { AppRouter } from './app/router';
import { runtimeConfig } from './config/runtime';
import { autoClearSettingFromGeneral } from './features/restaurants/lib/auto-clear';
import { setAutoClearSettingSource } from './features/restaurants/stores/restaurant-store';
import { bootConfigStore, useConfigStore } from './features/settings/stores/config-store';
import './index.css';

// The tenant's settings came inlined with the page: the first render already has its theme.
bootConfigStore(runtimeConfig.settings, runtimeConfig.tenantId);
// Spec §3/§5: the restaurant auto-clear setting is the tenant's general settings.
setAutoClearSettingSource(() => autoClearSettingFromGeneral(useConfigStore.getState().theme.general));

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <AppProvider>
      <AppRouter />
    </AppProvider>
  </StrictMode>,
);
