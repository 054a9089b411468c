import { copyrightFor, defaultTheme } from '@storefront/core';
import { Link } from 'react-router';
import { runtimeConfig } from '@/config/runtime';

export function SiteFooter() {
  const { footer } = defaultTheme;
  return (
    <footer className="bg-secondary text-stone-100">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <p className="font-semibold text-lg">{runtimeConfig.tenant.name}</p>
        </div>
        <nav aria-label="Footer">
          <ul className="flex flex-wrap gap-x-6 gap-y-2">
            {footer.links.map((link) => (
              <li key={link.url}>
                <Link to={link.url} className="underline-offset-4 hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <p className="border-white/10 border-t px-4 py-4 text-center text-sm text-stone-300">
        {copyrightFor(footer.copyrightText, new Date())}
      </p>
    </footer>
  );
}
