import { type ComponentType, lazy, memo, Suspense } from 'react';

/**
 * A part of a server-rendered page that works as plain HTML (text, pictures, ordinary links): its
 * code stays off the first route (decision 049). The server renders it whole; the browser keeps
 * that markup and hydrates the part when its chunk arrives, fetched as soon as hydration reaches it.
 * It takes no props and is memoised: what it shows it reads from the stores itself, so no re-render
 * of the page reaches it while its chunk is on the way (React would then drop the server's markup
 * and render the part afresh, and the page below it would jump). Pages the browser renders itself
 * show the part once it has arrived.
 */
export function hydrateLater(importer: () => Promise<ComponentType>): ComponentType {
  const Part = lazy(() => importer().then((component) => ({ default: component })));
  return memo(() => (
    <Suspense fallback={null}>
      <Part />
    </Suspense>
  ));
}
