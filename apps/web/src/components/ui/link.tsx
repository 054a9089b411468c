import type { AnchorHTMLAttributes, Ref } from 'react';
import { type To, useHref, useLinkClickHandler, useLocation, useResolvedPath } from 'react-router';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  replace?: boolean;
  state?: unknown;
  ref?: Ref<HTMLAnchorElement>;
}

// React Router's own scheme test: such a `to` is another site's address, followed as a plain link.
const otherSite = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

/**
 * React Router's `Link` for what the app asks of it (`to`, `replace`, `state`), from the router's
 * public hooks. Its own `Link` carries page prefetching (with React Server Components' variant),
 * which no link here uses, ~1.5 KiB of the first chunk (decision 056).
 */
export function Link({ to, replace, state, target, onClick, ...rest }: LinkProps) {
  const href = useHref(to);
  const follow = useLinkClickHandler(to, { replace, state, target });
  const external = typeof to === 'string' && otherSite.test(to);
  return (
    <a
      {...rest}
      href={external ? to : href}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (!external && !event.defaultPrevented) follow(event);
      }}
    />
  );
}

export interface NavLinkProps extends Omit<LinkProps, 'className'> {
  /** Active only on this very page, not on the pages below it. */
  end?: boolean;
  className?: string | ((state: { isActive: boolean }) => string);
}

/** A `Link` marked as the current page (`aria-current="page"`, class `active`) as React Router's `NavLink` marks it. */
export function NavLink({ to, end = false, className, ...rest }: NavLinkProps) {
  const target = useResolvedPath(to).pathname.toLowerCase();
  const here = useLocation().pathname.toLowerCase();
  const slash = target !== '/' && target.endsWith('/') ? target.length - 1 : target.length;
  const isActive = here === target || (!end && here.startsWith(target) && here.charAt(slash) === '/');
  return (
    <Link
      {...rest}
      to={to}
      aria-current={isActive ? 'page' : undefined}
      className={
        typeof className === 'function'
          ? className({ isActive })
          : [className, isActive && 'active'].filter(Boolean).join(' ')
      }
    />
  );
}
