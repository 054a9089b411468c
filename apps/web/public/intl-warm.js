// Decision 052: Chromium loads its Intl data (ICU) on first use, a 30-60 ms stall of the thread that
// asks first. A server-rendered page starts this worker once it has painted, so the data is in
// memory before hydration formats the first price on the main thread. The worker then ends.
const query = new URLSearchParams(self.location.search);
try {
  const locale = query.get('locale') || undefined;
  new Intl.NumberFormat(locale, { style: 'currency', currency: query.get('currency') || 'USD' }).format(1.5);
  new Intl.DateTimeFormat('en-US', { timeZone: query.get('timezone') || undefined, hour: '2-digit' }).format(0);
} catch {
  // An unknown locale, currency or zone: the page's own formatting reports it, not this warm-up.
}
self.close();
