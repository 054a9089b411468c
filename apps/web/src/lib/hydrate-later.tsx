import { type ComponentType, lazy, memo, Suspense } from 'react';

/**
 * A part of a server-rendered page that works as plain HTML (text, pictures, ordinary links): its
 * code stays off the first route (decision 049). The server renders it whole; the browser keeps
 * that markup and hydrates the part when its chunk arrives, fetched as soon as hydration reaches it.
 * Memoised, so a parent's re-render while the chunk is on its way does not make React give up the
 * server's markup (an update to a boundary not yet hydrated renders it afresh). Pages the browser
 * renders itself show the part once it has arrived.
 */
export function hydrateLater<P extends object>(importer: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Part = lazy(() => importer().then((component) => ({ default: component })));
  return memo((props: P) => (
    <Suspense fallback={null}>
      <Part {...props} />
    </Suspense>
  ));
}
