import type { ContentPageSlug } from '@orderfront/core';
import { useContentPage } from '../api/get-content-page';

/** Plain text to blocks: a blank line separates paragraphs, `## ` starts a heading. Never HTML. */
export function textBlocks(body: string): { kind: 'heading' | 'paragraph'; text: string }[] {
  const blocks: { kind: 'heading' | 'paragraph'; text: string }[] = [];
  for (const block of body.split(/\n\s*\n/)) {
    let paragraph: string[] = [];
    const flush = () => {
      const text = paragraph.join('\n').trim();
      if (text) blocks.push({ kind: 'paragraph', text });
      paragraph = [];
    };
    for (const line of block.split('\n')) {
      if (line.startsWith('## ')) {
        flush();
        blocks.push({ kind: 'heading', text: line.slice(3).trim() });
      } else paragraph.push(line);
    }
    flush();
  }
  return blocks;
}

/** /terms, /privacy, /refund-policy: the tenant's own text. */
export function ContentPageView({
  tenantId,
  slug,
  fallbackTitle,
}: {
  tenantId: number;
  slug: ContentPageSlug;
  fallbackTitle: string;
}) {
  const { data, isPending, isError, refetch } = useContentPage(tenantId, slug);
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="font-bold text-3xl">{data?.title ?? fallbackTitle}</h1>
      {isPending && (
        <p role="status" className="mt-6 text-stone-600">
          Loading…
        </p>
      )}
      {isError && (
        <div role="alert" className="mt-6 text-stone-700">
          <p>This page could not be loaded.</p>
          <button type="button" onClick={() => refetch()} className="mt-3 font-semibold text-primary underline">
            Try again
          </button>
        </div>
      )}
      {data && (
        <>
          <p className="mt-2 text-sm text-stone-600">
            Last updated {new Date(data.updated_at).toLocaleDateString(undefined, { dateStyle: 'long' })}
          </p>
          <div className="mt-8 space-y-4 leading-relaxed">
            {textBlocks(data.body).map((block, index) =>
              block.kind === 'heading' ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: blocks of a static text, never reordered
                <h2 key={index} className="pt-4 font-semibold text-xl">
                  {block.text}
                </h2>
              ) : (
                // biome-ignore lint/suspicious/noArrayIndexKey: blocks of a static text, never reordered
                <p key={index} className="whitespace-pre-line">
                  {block.text}
                </p>
              ),
            )}
          </div>
        </>
      )}
    </article>
  );
}
