import type { Theme } from '@orderfront/core';
import { icon } from '@/components/ui/icon';

const Smartphone = icon([
  ['rect', { width: '14', height: '20', x: '5', y: '2', rx: '2', ry: '2' }],
  ['path', { d: 'M12 18h.01' }],
]);

/** Promotes the business's own app when general.mobileApp.showPromotion is on. */
export function MobileAppPromotion({ app }: { app: Theme['general']['mobileApp'] }) {
  return (
    <section aria-labelledby="app-title" className="bg-secondary text-white">
      <div className="mx-auto flex max-w-6xl flex-col items-start gap-6 px-4 py-12 md:flex-row md:items-center md:justify-between">
        <div className="flex items-start gap-4">
          <Smartphone aria-hidden="true" className="size-10 shrink-0 text-accent" />
          <div>
            <h2 id="app-title" className="font-bold text-2xl">
              {app.appName ? `Get the ${app.appName} app` : 'Get our app'}
            </h2>
            {app.description && <p className="mt-2 max-w-xl text-stone-200">{app.description}</p>}
          </div>
        </div>
        <div className="flex flex-wrap gap-3">
          {app.appStoreUrl && (
            <a
              href={app.appStoreUrl}
              className="rounded-md bg-white px-4 py-2 font-semibold text-stone-900 hover:bg-stone-100"
              rel="noopener noreferrer"
            >
              Download on the App Store
            </a>
          )}
          {app.playStoreUrl && (
            <a
              href={app.playStoreUrl}
              className="rounded-md bg-white px-4 py-2 font-semibold text-stone-900 hover:bg-stone-100"
              rel="noopener noreferrer"
            >
              Get it on Google Play
            </a>
          )}
        </div>
      </div>
    </section>
  );
}
