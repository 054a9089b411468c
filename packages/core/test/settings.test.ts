import { describe, expect, it } from 'vitest';
import { contactMessageBodySchema, isSafeUrl, themePatchSchema } from '../src/index.js';

describe('theme validation (config editor saves)', () => {
  it('accepts a partial theme with hex colours, safe URLs and booleans', () => {
    const parsed = themePatchSchema.safeParse({
      colors: { primary: '#336699', accent: '#fa0' },
      hero: {
        title: 'Pizza <script>alert(1)</script>',
        ctaLink: '#menu',
        backgroundImage: 'https://cdn.example/a.jpg',
      },
      footer: { links: [{ label: 'Menu', url: '/menu' }] },
      general: { showBestSellingSection: true, contactEmail: 'hi@example.com' },
    });
    expect(parsed.success).toBe(true);
    // Markup is allowed as text: it is rendered as text, never as HTML.
    expect(parsed.data?.hero?.title).toBe('Pizza <script>alert(1)</script>');
  });

  it.each([
    [{ colors: { primary: 'red' } }, 'colors.primary'],
    [{ colors: { primary: '#12345' } }, 'colors.primary'],
    [{ colors: { text: 'expression(alert(1))' } }, 'colors.text'],
    [{ hero: { ctaLink: 'javascript:alert(1)' } }, 'hero.ctaLink'],
    [{ hero: { backgroundImage: 'data:text/html,<script>' } }, 'hero.backgroundImage'],
    [{ hero: { backgroundImage: '//evil.example/x.png' } }, 'hero.backgroundImage'],
    [{ hero: { title: 'x'.repeat(121) } }, 'hero.title'],
    [{ hero: { variant: 'fullscreen' } }, 'hero.variant'],
    [{ header: { height: 5000 } }, 'header.height'],
    [{ general: { autoClearRestaurantTimeInterval: 169 } }, 'general.autoClearRestaurantTimeInterval'],
    [{ general: { contactEmail: 'not-an-email' } }, 'general.contactEmail'],
    [{ footer: { links: [{ label: 'x', url: 'vbscript:x' }] } }, 'footer.links.0.url'],
    [{ seo: { themeColor: 'blue' } }, 'seo.themeColor'],
  ])('rejects %j at %s', (patch, path) => {
    const parsed = themePatchSchema.safeParse(patch);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.path.join('.'))).toContain(path);
  });

  it('rejects unknown fields', () => {
    expect(themePatchSchema.safeParse({ colours: {} }).success).toBe(false);
    expect(themePatchSchema.safeParse({ hero: { html: '<b>' } }).success).toBe(false);
  });

  it('knows safe from unsafe URLs', () => {
    expect(['', '/menu', '#menu', 'https://a.example', 'http://a.example/x'].every(isSafeUrl)).toBe(true);
    expect(['javascript:alert(1)', 'JAVASCRIPT:alert(1)', '//evil.example', 'ftp://x', 'menu'].some(isSafeUrl)).toBe(
      false,
    );
  });
});

describe('contact form validation', () => {
  it('needs a name, a valid email and a message of at least 10 characters', () => {
    expect(
      contactMessageBodySchema.safeParse({
        tenant_id: 139,
        name: 'Ann',
        email: 'ann@example.com',
        message: 'Hello there!',
      }).success,
    ).toBe(true);
    const bad = contactMessageBodySchema.safeParse({ tenant_id: 139, name: ' ', email: 'ann', message: 'Hi' });
    expect(bad.error?.issues.map((i) => i.path.join('.')).sort()).toEqual(['email', 'message', 'name']);
  });
});
