import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok, settingsEntry, stubApi } from '@/testing/api';
import { renderApp } from '@/testing/render';

const business = {
  general: {
    businessFullName: 'Bella Nonna Pizzeria & Grill',
    contactEmail: 'hello@bellanonna.example',
    contactPhone: '(02) 9360 4127',
  },
};

describe('contact page', () => {
  it('shows how to reach the business', async () => {
    stubApi({ '/api/v2/restaurants/app-settings': () => ok([settingsEntry(business)]) });
    renderApp('/contact', { stub: false });
    expect(await screen.findByRole('heading', { level: 1, name: 'Contact us' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: '(02) 9360 4127' })[0]).toHaveAttribute('href', 'tel:0293604127');
    expect(screen.getAllByRole('link', { name: 'hello@bellanonna.example' })[0]).toHaveAttribute(
      'href',
      'mailto:hello@bellanonna.example',
    );
  });

  it('validates the form before sending, then sends it and thanks the visitor', async () => {
    const fetch = stubApi({
      '/api/v2/restaurants/app-settings': () => ok([settingsEntry(business)]),
      'POST /api/v2/contact': () => ok({ sent: true }),
    });
    renderApp('/contact', { stub: false });
    await userEvent.click(await screen.findByRole('button', { name: 'Send message' }));
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Please enter your name');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Please enter a valid email address');
    expect(screen.getByLabelText('Message')).toHaveAccessibleDescription('Please write at least 10 characters');
    expect(screen.getByLabelText('Name')).toHaveFocus();
    expect(fetch.mock.calls.some(([url]) => String(url).includes('/contact'))).toBe(false);

    await userEvent.type(screen.getByLabelText('Name'), 'Ada');
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.test');
    await userEvent.type(screen.getByLabelText('Message'), 'A table for twenty on Friday?');
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Thanks! Your message has been sent.')).toBeInTheDocument();
    const call = fetch.mock.calls.find(([url]) => String(url).includes('/v2/contact'));
    expect(JSON.parse((call?.[1] as RequestInit | undefined)?.body as string)).toEqual({
      tenant_id: 139,
      name: 'Ada',
      email: 'ada@example.test',
      message: 'A table for twenty on Friday?',
    });
  });
});

describe('policy pages', () => {
  it.each([
    ['/terms', 'terms', 'Terms and Conditions'],
    ['/privacy', 'privacy', 'Privacy Policy'],
    ['/refund-policy', 'refund-policy', 'Refund Policy'],
  ])('%s shows the tenant text, headings and paragraphs as text', async (path, slug, title) => {
    stubApi({
      [`/api/v2/pages/${slug}`]: () =>
        ok({
          slug,
          title,
          body: 'Intro <b>line</b>.\n\n## Orders\nWe cook to order.',
          updated_at: '2026-11-01T00:00:00.000Z',
        }),
    });
    renderApp(path, { stub: false });
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Orders' })).toBeInTheDocument();
    expect(screen.getByText('Intro <b>line</b>.')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toContain(title));
  });
});
