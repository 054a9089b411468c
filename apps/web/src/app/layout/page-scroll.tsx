import { useLayoutEffect } from 'react';
import { ScrollRestoration, useLocation } from 'react-router';

/**
 * Turns off smooth scrolling (index.css gives it to in-page links) for the commit of a route change,
 * so the jump that follows is instant. Animated, a restored place could be cut short by content that
 * settles during the animation, and a long page would scroll past the reader on every Back.
 */
function InstantJump() {
  // A new location object per navigation, even to the same path.
  const location = useLocation();
  useLayoutEffect(() => {
    if (location.hash) return; // a #section link keeps its smooth scroll
    const html = document.documentElement;
    html.style.scrollBehavior = 'auto';
    const frame = requestAnimationFrame(() => html.style.removeProperty('scroll-behavior'));
    return () => {
      cancelAnimationFrame(frame);
      html.style.removeProperty('scroll-behavior');
    };
  }, [location]);
  return null;
}

/** A new page opens at its top (or its #hash); Back and Forward return, at once, to where the page was. */
export function PageScroll() {
  // Siblings commit their layout effects in order: InstantJump's runs before ScrollRestoration's scroll.
  return (
    <>
      <InstantJump />
      <ScrollRestoration />
    </>
  );
}
