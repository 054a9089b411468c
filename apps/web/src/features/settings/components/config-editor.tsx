import { type Theme, type ThemePatch, themeSchema } from '@orderfront/core';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { z } from 'zod';
import { icon, X } from '@/components/ui/icon';
import { ApiError } from '@/lib/api-client';
import { showServerErrors, useZodForm } from '@/lib/forms';
import { toast } from '@/lib/toast';
import { appSettingsQueryOptions } from '../api/get-app-settings';
import { useSaveAppSettings } from '../api/save-app-settings';
import { useConfigStore } from '../stores/config-store';

const Paintbrush = icon([
  ['path', { d: 'm14.622 17.897-10.68-2.913' }],
  [
    'path',
    {
      d: 'M18.376 2.622a1 1 0 1 1 3.002 3.002L17.36 9.643a.5.5 0 0 0 0 .707l.944.944a2.41 2.41 0 0 1 0 3.408l-.944.944a.5.5 0 0 1-.707 0L8.354 7.348a.5.5 0 0 1 0-.707l.944-.944a2.41 2.41 0 0 1 3.408 0l.944.944a.5.5 0 0 0 .707 0z',
    },
  ],
  [
    'path',
    {
      d: 'M9 8c-1.804 2.71-3.97 3.46-6.583 3.948a.507.507 0 0 0-.302.819l7.32 8.883a1 1 0 0 0 1.185.204C12.735 20.405 16 16.792 16 15',
    },
  ],
]);

const colorFields = [
  ['primary', 'Primary colour'],
  ['secondary', 'Secondary colour'],
  ['accent', 'Accent colour'],
  ['background', 'Background colour'],
  ['text', 'Text colour'],
] as const;

type TextField = { label: string; get: (t: Theme) => string; patch: (value: string) => ThemePatch; max: number };

const textFields: TextField[] = [
  {
    label: 'Offer banner text',
    get: (t) => t.topOfferBanner.topOfferBannerText,
    patch: (v) => ({ topOfferBanner: { topOfferBannerText: v } }),
    max: 200,
  },
  { label: 'Hero title', get: (t) => t.hero.title, patch: (v) => ({ hero: { title: v } }), max: 120 },
  { label: 'Hero subtitle', get: (t) => t.hero.subtitle, patch: (v) => ({ hero: { subtitle: v } }), max: 300 },
  { label: 'Hero button text', get: (t) => t.hero.ctaText, patch: (v) => ({ hero: { ctaText: v } }), max: 40 },
  { label: 'Features title', get: (t) => t.features.title, patch: (v) => ({ features: { title: v } }), max: 120 },
  {
    label: 'Categories title',
    get: (t) => t.categories.title,
    patch: (v) => ({ categories: { title: v } }),
    max: 120,
  },
  { label: 'Menu title', get: (t) => t.menu.title, patch: (v) => ({ menu: { title: v } }), max: 120 },
  {
    label: 'Copyright text ({year} becomes the year)',
    get: (t) => t.footer.copyrightText,
    patch: (v) => ({ footer: { copyrightText: v } }),
    max: 200,
  },
];

type ToggleField = { label: string; get: (t: Theme) => boolean; patch: (value: boolean) => ThemePatch };

const toggleFields: ToggleField[] = [
  {
    label: 'Show offer banner',
    get: (t) => t.topOfferBanner.showTopOfferBanner,
    patch: (v) => ({ topOfferBanner: { showTopOfferBanner: v } }),
  },
  {
    label: 'Show best-selling section',
    get: (t) => t.general.showBestSellingSection,
    patch: (v) => ({ general: { showBestSellingSection: v } }),
  },
  {
    label: 'Show fresh additions section',
    get: (t) => t.general.showFreshAdditionsSection,
    patch: (v) => ({ general: { showFreshAdditionsSection: v } }),
  },
  {
    label: 'Show mobile app promotion',
    get: (t) => t.general.mobileApp.showPromotion,
    patch: (v) => ({ general: { mobileApp: { showPromotion: v } } }),
  },
  {
    label: 'Show newsletter sign-up',
    get: (t) => t.footer.showNewsletter,
    patch: (v) => ({ footer: { showNewsletter: v } }),
  },
];

type VariantField = { label: string; options: string[]; get: (t: Theme) => string; patch: (v: string) => ThemePatch };

const variantFields: VariantField[] = [
  {
    label: 'Hero layout',
    options: ['overlay', 'split'],
    get: (t) => t.hero.variant,
    patch: (v) => ({ hero: { variant: v as Theme['hero']['variant'] } }),
  },
  {
    label: 'Features layout',
    options: ['grid', 'list'],
    get: (t) => t.features.variant,
    patch: (v) => ({ features: { variant: v as Theme['features']['variant'] } }),
  },
  {
    label: 'Categories layout',
    options: ['grid', 'carousel'],
    get: (t) => t.categories.variant,
    patch: (v) => ({ categories: { variant: v as Theme['categories']['variant'] } }),
  },
  {
    label: 'Menu layout',
    options: ['grid', 'list'],
    get: (t) => t.menu.variant,
    patch: (v) => ({ menu: { variant: v as Theme['menu']['variant'] } }),
  },
  {
    label: 'Footer layout',
    options: ['simple', 'columns'],
    get: (t) => t.footer.variant,
    patch: (v) => ({ footer: { variant: v as Theme['footer']['variant'] } }),
  },
];

const inputClass =
  'mt-1 w-full rounded-md border border-stone-400 bg-white px-2 py-1.5 text-sm text-stone-900 focus:outline-2 focus:outline-primary';

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-3 border-stone-200 border-t pt-4">
      <legend className="pr-2 font-semibold text-sm text-stone-900 uppercase tracking-wide">{title}</legend>
      {children}
    </fieldset>
  );
}

function LabelledInput({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm text-stone-800">
        {label}
      </label>
      {children(id)}
    </div>
  );
}

/** What the editor saves: the whole theme as a patch, minus the tenant id (the server's to set). */
export function themeForSave(theme: Theme): ThemePatch {
  const { tenantId: _ignored, ...general } = theme.general;
  return { ...theme, general };
}

/** The store's theme, as loose as the editor types it, checked as the complete theme the API stores. */
const themeFormSchema = z.custom<ThemePatch>().pipe(themeSchema);

/** Every problem as 'path: message', in the order found (all of a field's, as criteriaMode 'all' keeps them). */
function problemsOf(errors: FieldErrors, base = ''): string[] {
  return Object.entries(errors).flatMap(([key, node]) => {
    if (!node || typeof node !== 'object' || key === 'ref') return [];
    const path = base ? `${base}.${key}` : key;
    const { message, types } = node as { message?: unknown; types?: Record<string, string | string[]> };
    if (typeof message !== 'string') return problemsOf(node as FieldErrors, path);
    const messages = types ? Object.values(types).flat() : [message];
    return messages.map((text) => `${path}: ${text}`);
  });
}

/**
 * The configuration editor (spec §3 showConfigEditor): edits the theme live (every change shows at
 * once), and staff of the tenant save it for every visitor. Values are text, never markup.
 */
export function ConfigEditor({ tenantId, inline = false }: { tenantId: number; inline?: boolean }) {
  const [open, setOpen] = useState(inline);
  const theme = useConfigStore((s) => s.theme);
  const merge = useConfigStore((s) => s.mergeTheme);
  const reset = useConfigStore((s) => s.resetTheme);
  const save = useSaveAppSettings();
  // The theme lives in the config store (edited live); the form checks it with the API's schema.
  const form = useZodForm(themeFormSchema, {
    values: themeForSave(theme),
    criteriaMode: 'all',
  });
  const problems = problemsOf(form.formState.errors);
  const panelId = useId();
  const queryClient = useQueryClient();

  /** Back to what the server has: the settings last loaded. */
  function onDiscard() {
    const saved = queryClient.getQueryData(appSettingsQueryOptions({ tenantId }).queryKey)?.[0];
    if (saved) useConfigStore.getState().applySettings(saved);
    form.clearErrors();
  }

  const onSave = form.handleSubmit((webConfig) =>
    save.mutate(
      { tenant_id: tenantId, web_config: webConfig },
      {
        onSuccess: () => toast.success('Theme saved', { description: 'Visitors now see these settings.' }),
        onError: (error) => {
          if (error instanceof ApiError) showServerErrors(form.setError, error.fields);
          toast.error('Theme not saved', { description: error.message });
        },
      },
    ),
  );

  if (!open) {
    return (
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-expanded={false}
        aria-controls={panelId}
        className="fixed bottom-4 left-4 z-40 flex items-center gap-2 rounded-full bg-stone-900 px-4 py-2.5 font-semibold text-sm text-white shadow-lg hover:bg-stone-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-stone-900"
      >
        <Paintbrush aria-hidden="true" className="size-4" />
        Edit theme
      </button>
    );
  }

  // In the back office the editor is a page section; on the storefront a panel over the page.
  const Panel = inline ? 'section' : 'aside';
  return (
    <Panel
      id={panelId}
      aria-labelledby={`${panelId}-title`}
      className={
        inline
          ? 'max-w-2xl rounded-md border border-stone-300 bg-white p-4 text-stone-900'
          : 'fixed inset-x-0 bottom-0 z-40 max-h-[70dvh] overflow-y-auto border-stone-300 border-t bg-white p-4 text-stone-900 shadow-2xl sm:inset-y-0 sm:right-0 sm:left-auto sm:max-h-none sm:w-96 sm:border-t-0 sm:border-l'
      }
    >
      <div className="mb-4 flex items-center justify-between">
        <h2 id={`${panelId}-title`} className="font-bold text-lg">
          Theme editor
        </h2>
        {!inline && (
          <button
            type="button"
            onClick={() => setOpen(false)}
            aria-label="Close theme editor"
            className="grid size-9 place-items-center rounded-full hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-primary"
          >
            <X aria-hidden="true" className="size-5" />
          </button>
        )}
      </div>
      <p className="mb-4 text-sm text-stone-600">Changes show at once on this page. Save to publish them.</p>
      <div className="space-y-5">
        <Group title="Colours">
          {colorFields.map(([key, label]) => (
            <LabelledInput key={key} label={label}>
              {(id) => (
                <input
                  id={id}
                  type="color"
                  value={theme.colors[key]}
                  onChange={(e) => merge({ colors: { [key]: e.target.value } })}
                  className="mt-1 h-9 w-full cursor-pointer rounded border border-stone-400"
                />
              )}
            </LabelledInput>
          ))}
        </Group>
        <Group title="Texts">
          {textFields.map((field) => (
            <LabelledInput key={field.label} label={field.label}>
              {(id) => (
                <input
                  id={id}
                  type="text"
                  maxLength={field.max}
                  value={field.get(theme)}
                  onChange={(e) => merge(field.patch(e.target.value))}
                  className={inputClass}
                />
              )}
            </LabelledInput>
          ))}
        </Group>
        <Group title="Sections">
          {toggleFields.map((field) => (
            <label key={field.label} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={field.get(theme)}
                onChange={(e) => merge(field.patch(e.target.checked))}
                className="size-4 accent-primary"
              />
              {field.label}
            </label>
          ))}
        </Group>
        <Group title="Layouts">
          {variantFields.map((field) => (
            <LabelledInput key={field.label} label={field.label}>
              {(id) => (
                <select
                  id={id}
                  value={field.get(theme)}
                  onChange={(e) => merge(field.patch(e.target.value))}
                  className={inputClass}
                >
                  {field.options.map((option) => (
                    <option key={option} value={option}>
                      {option}
                    </option>
                  ))}
                </select>
              )}
            </LabelledInput>
          ))}
        </Group>
      </div>
      {problems.length > 0 && (
        <ul role="alert" className="mt-4 list-disc space-y-1 pl-5 text-red-700 text-sm">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
      <div className="sticky bottom-0 mt-6 flex flex-wrap gap-2 bg-white py-3">
        <button
          type="button"
          onClick={onSave}
          disabled={save.isPending}
          className="rounded-md bg-stone-900 px-4 py-2 font-semibold text-sm text-white hover:bg-stone-700 disabled:opacity-60"
        >
          {save.isPending ? 'Saving…' : 'Save theme'}
        </button>
        <button
          type="button"
          onClick={onDiscard}
          className="rounded-md border border-stone-400 px-4 py-2 font-semibold text-sm hover:bg-stone-100"
        >
          Discard changes
        </button>
        <button
          type="button"
          onClick={() => reset()}
          className="rounded-md border border-stone-400 px-4 py-2 font-semibold text-sm hover:bg-stone-100"
        >
          Reset to defaults
        </button>
      </div>
    </Panel>
  );
}
