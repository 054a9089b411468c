import type { Theme } from '@orderfront/core';
import { useEffect } from 'react';

function setMeta(attr: 'name' | 'property', key: string, value: string) {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  if (!value) {
    element?.remove();
    return;
  }
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attr, key);
    document.head.append(element);
  }
  element.content = value;
}

function setLink(rel: string, href: string) {
  let element = document.head.querySelector<HTMLLinkElement>(`link[rel="${rel}"]`);
  if (!element) {
    element = document.createElement('link');
    element.rel = rel;
    document.head.append(element);
  }
  if (element.getAttribute('href') !== href) element.href = href;
}

/** The document title of a page: the SEO title on home, else the page's name and the business. */
export function documentTitle(theme: Theme, pageTitle?: string): string {
  const site = theme.seo.title || theme.general.businessFullName;
  if (!pageTitle) return site;
  const brand = theme.seo.ogSiteName || theme.general.businessShortName || site;
  return `${pageTitle} | ${brand}`;
}

/**
 * Keeps title, description, keywords, Open Graph, Twitter, icons and theme-color in step with the
 * theme and the route (the server wrote the same tags into the first page).
 */
export function SeoSync({ theme, pageTitle }: { theme: Theme; pageTitle?: string }) {
  const { seo, general } = theme;
  const title = documentTitle(theme, pageTitle);
  useEffect(() => {
    document.title = title;
    setMeta('property', 'og:title', title);
    setMeta('name', 'twitter:title', title);
  }, [title]);
  useEffect(() => {
    setMeta('name', 'description', seo.description);
    setMeta('name', 'keywords', seo.keywords.join(', '));
    setMeta('name', 'theme-color', seo.themeColor || theme.colors.primary);
    setMeta('property', 'og:description', seo.description);
    setMeta('property', 'og:type', seo.ogType);
    setMeta('property', 'og:site_name', seo.ogSiteName || general.businessShortName);
    setMeta('name', 'twitter:card', seo.twitterCard);
    setMeta('name', 'twitter:site', seo.twitterHandle);
    setMeta('name', 'twitter:description', seo.description);
    setLink('icon', seo.favicon || general.favicon || '/favicon.svg');
    setLink('apple-touch-icon', seo.appleTouchIcon || seo.favicon || '/favicon.svg');
  }, [seo, general.businessShortName, general.favicon, theme.colors.primary]);
  return null;
}
