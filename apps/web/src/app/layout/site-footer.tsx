import { copyrightFor, isSafeUrl, registrationLine } from '@orderfront/core';
import { lazy, Suspense } from 'react';
import { Link } from '@/components/ui/link';
import { runtimeConfig } from '@/config/runtime';
import { useConfigStore } from '@/features/settings/stores/config-store';

// Below the fold: the sign-up form (and zod, which checks it) loads after the page has painted.
const NewsletterForm = lazy(() =>
  import('@/features/home/components/newsletter-form').then((m) => ({ default: m.NewsletterForm })),
);
const Newsletter = () => (
  <Suspense fallback={null}>
    <NewsletterForm tenantId={runtimeConfig.tenantId} />
  </Suspense>
);

function FooterLink({ url, label }: { url: string; label: string }) {
  const className = 'underline-offset-4 hover:underline';
  if (url.startsWith('/') && !url.startsWith('//')) {
    return (
      <Link to={url} className={className}>
        {label}
      </Link>
    );
  }
  return (
    <a href={isSafeUrl(url) ? url : '#'} className={className} rel="noopener noreferrer">
      {label}
    </a>
  );
}

export function SiteFooter() {
  const footer = useConfigStore((s) => s.theme.footer);
  const general = useConfigStore((s) => s.theme.general);
  const name = general.businessFullName || runtimeConfig.tenant.name;
  const columns = footer.variant === 'columns';

  const links = (
    <nav aria-label="Footer">
      {columns && <h2 className="mb-3 font-semibold text-white">Explore</h2>}
      <ul className={columns ? 'space-y-2' : 'flex flex-wrap justify-center gap-x-6 gap-y-2'}>
        {footer.links.map((link) => (
          <li key={`${link.url}-${link.label}`}>
            <FooterLink url={link.url} label={link.label} />
          </li>
        ))}
      </ul>
    </nav>
  );
  const social = general.socialLinks.length > 0 && (
    <ul
      aria-label="Social media"
      className={columns ? 'mt-4 flex flex-wrap gap-4' : 'flex flex-wrap justify-center gap-4'}
    >
      {general.socialLinks.map((item) => (
        <li key={item.url}>
          <a
            href={isSafeUrl(item.url) ? item.url : '#'}
            rel="noopener noreferrer"
            className="capitalize underline-offset-4 hover:underline"
          >
            {item.platform}
          </a>
        </li>
      ))}
    </ul>
  );
  const contact = (general.contactPhone || general.contactEmail) && (
    <address className="not-italic">
      {columns && <h2 className="mb-3 font-semibold text-white">Contact</h2>}
      <ul className={columns ? 'space-y-2' : 'flex flex-wrap justify-center gap-x-6 gap-y-2'}>
        {general.contactPhone && (
          <li>
            <a
              href={`tel:${general.contactPhone.replace(/[^0-9+]/g, '')}`}
              className="underline-offset-4 hover:underline"
            >
              {general.contactPhone}
            </a>
          </li>
        )}
        {general.contactEmail && (
          <li>
            <a href={`mailto:${general.contactEmail}`} className="underline-offset-4 hover:underline">
              {general.contactEmail}
            </a>
          </li>
        )}
      </ul>
    </address>
  );

  return (
    <footer className="bg-secondary text-stone-100" data-variant={footer.variant}>
      {columns ? (
        <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
          <div>
            <p className="font-semibold text-lg text-white">{name}</p>
            {general.tagline && <p className="mt-2 text-sm text-stone-300">{general.tagline}</p>}
            {social}
          </div>
          {links}
          {contact}
          {footer.showNewsletter && <Newsletter />}
        </div>
      ) : (
        <div className="mx-auto flex max-w-6xl flex-col items-center gap-4 px-4 py-8 text-center">
          <p className="font-semibold text-lg text-white">{name}</p>
          {links}
          {contact}
          {social}
          {footer.showNewsletter && <Newsletter />}
        </div>
      )}
      <div className="border-white/10 border-t px-4 py-4 text-center text-sm text-stone-300">
        <p>{copyrightFor(footer.copyrightText, new Date())}</p>
        {general.businessAcn && <p className="mt-1">{registrationLine(general.businessAcn)}</p>}
      </div>
    </footer>
  );
}
