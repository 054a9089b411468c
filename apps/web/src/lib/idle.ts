/**
 * Runs `task` once the browser is idle (at the latest after `timeoutMs`), for code the first route
 * does not need but the page soon may (decision 035). Returns a cancel function.
 */
export function onIdle(task: () => void, timeoutMs = 2000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(task, 200);
  return () => window.clearTimeout(timer);
}
