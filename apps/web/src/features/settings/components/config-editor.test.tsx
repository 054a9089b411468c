import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, ok, settingsEntry, stubApi } from '@/testing/api';
import { useConfigStore } from '../stores/config-store';
import { ConfigEditor } from './config-editor';

function renderEditor() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  client.setQueryData(['app-settings', 139, null], [settingsEntry()]);
  render(
    <QueryClientProvider client={client}>
      <ConfigEditor tenantId={139} />
    </QueryClientProvider>,
  );
  return client;
}

const cssVar = (name: string) => document.documentElement.style.getPropertyValue(name);

describe('config editor', () => {
  it('previews every change live: colours as page variables, texts, toggles and layouts', async () => {
    renderEditor();
    await userEvent.click(screen.getByRole('button', { name: 'Edit theme' }));
    expect(screen.getByRole('complementary', { name: 'Theme editor' })).toBeInTheDocument();
    fireEvent.input(screen.getByLabelText('Primary colour'), { target: { value: '#225588' } });
    expect(cssVar('--primary')).toBe('#225588');
    const title = screen.getByLabelText('Hero title');
    await userEvent.clear(title);
    await userEvent.type(title, 'Pizza night');
    expect(useConfigStore.getState().theme.hero.title).toBe('Pizza night');
    await userEvent.click(screen.getByLabelText('Show best-selling section'));
    expect(useConfigStore.getState().theme.general.showBestSellingSection).toBe(true);
    await userEvent.selectOptions(screen.getByLabelText('Hero layout'), 'split');
    expect(useConfigStore.getState().theme.hero.variant).toBe('split');
  });

  it('discards unsaved changes back to the loaded settings', async () => {
    renderEditor();
    await userEvent.click(screen.getByRole('button', { name: 'Edit theme' }));
    fireEvent.input(screen.getByLabelText('Primary colour'), { target: { value: '#225588' } });
    await userEvent.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(useConfigStore.getState().theme.colors.primary).toBe('#8b0000');
    expect(cssVar('--primary')).toBe('#8b0000');
  });

  it('saves the theme without the tenant id and says when the server refuses', async () => {
    const fetch = stubApi({
      'PUT /api/v2/restaurants/app-settings': () =>
        json(401, {
          data: null,
          error: { code: 'unauthorized', message: 'Sign in as staff of this business to save its settings' },
        }),
    });
    renderEditor();
    await userEvent.click(screen.getByRole('button', { name: 'Edit theme' }));
    fireEvent.input(screen.getByLabelText('Primary colour'), { target: { value: '#225588' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save theme' }));
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    const [, init] = fetch.mock.calls[0] as [string, RequestInit];
    const body = JSON.parse(init.body as string);
    expect(body.tenant_id).toBe(139);
    expect(body.web_config.colors.primary).toBe('#225588');
    expect(body.web_config.general).not.toHaveProperty('tenantId');
  });

  it('refuses to send an invalid theme and lists what is wrong', async () => {
    const fetch = stubApi({ 'PUT /api/v2/restaurants/app-settings': () => ok([settingsEntry()]) });
    renderEditor();
    useConfigStore.getState().mergeTheme({ hero: { ctaLink: 'javascript:alert(1)' } });
    await userEvent.click(screen.getByRole('button', { name: 'Edit theme' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save theme' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('hero.ctaLink');
    expect(fetch).not.toHaveBeenCalled();
  });
});
