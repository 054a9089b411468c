import {
  type CatalogueDocument,
  type DocBundle,
  type DocCategory,
  type DocModifierGroup,
  type DocProduct,
  daypartSummary,
  diffCatalogue,
} from '@orderfront/core';
import { useEffect, useId, useState } from 'react';
import { LabelBadges } from '@/components/ui/label-badges';
import { ApiError } from '@/lib/api-client';
import { formatMoney } from '@/lib/money';
import { toast } from '@/lib/toast';
import { useCatalogue, usePublishCatalogue } from '../api/catalogue-editor';
import { moved } from '../lib/catalogue-forms';
import { useAdmin } from './admin-context';
import { BundleFormPanel, type BundleKind, bundleNoun } from './bundle-form';
import { CategoryFormPanel, GroupFormPanel, ProductFormPanel } from './catalogue-forms';
import { CatalogueHistory, CatalogueImportExport } from './catalogue-transfer';
import { Button, Notice, PageTitle } from './ui';

type Editing =
  | { kind: 'category'; index: number | null }
  | { kind: 'product'; index: number | null }
  | { kind: 'group'; index: number | null }
  | { kind: BundleKind; index: number | null }
  | null;

/**
 * A list the manager reorders by dragging a row, or with the Move up / Move down buttons from the
 * keyboard; each row has its own Edit button.
 */
function OrderedList<T>({
  label,
  items,
  keyOf,
  nameOf,
  detailOf,
  onReorder,
  onEdit,
}: {
  label: string;
  items: readonly T[];
  keyOf: (item: T) => string;
  nameOf: (item: T) => string;
  detailOf: (item: T) => string;
  onReorder: (items: T[]) => void;
  onEdit: (index: number) => void;
}) {
  const [dragged, setDragged] = useState<number | null>(null);
  if (items.length === 0) return <p className="text-sm text-stone-700">None yet.</p>;
  return (
    <ol aria-label={label} className="grid gap-1">
      {items.map((item, index) => (
        <li
          key={keyOf(item)}
          draggable
          onDragStart={() => setDragged(index)}
          onDragOver={(e) => e.preventDefault()}
          onDrop={() => {
            if (dragged !== null) onReorder(moved(items, dragged, index));
            setDragged(null);
          }}
          className="flex flex-wrap items-center gap-2 rounded-md border border-stone-300 bg-white px-3 py-2"
        >
          <span aria-hidden="true" className="cursor-grab text-stone-500">
            ⠿
          </span>
          <span className="min-w-40 flex-1">
            <span className="font-semibold">{nameOf(item)}</span>{' '}
            <span className="text-sm text-stone-700">{detailOf(item)}</span>
          </span>
          <Button
            aria-label={`Move ${nameOf(item)} up`}
            disabled={index === 0}
            onClick={() => onReorder(moved(items, index, index - 1))}
          >
            ↑
          </Button>
          <Button
            aria-label={`Move ${nameOf(item)} down`}
            disabled={index === items.length - 1}
            onClick={() => onReorder(moved(items, index, index + 1))}
          >
            ↓
          </Button>
          <Button aria-label={`Edit ${nameOf(item)}`} onClick={() => onEdit(index)}>
            Edit
          </Button>
        </li>
      ))}
    </ol>
  );
}

/** The draft as customers will see it online: visible categories, their products, prices and badges. */
function Preview({ doc }: { doc: CatalogueDocument }) {
  const categories = doc.categories.filter((c) => !c.archived);
  return (
    <section aria-labelledby="preview-title" className="rounded-md border border-stone-300 bg-white p-4">
      <h2 id="preview-title" className="mb-3 font-semibold text-lg">
        Preview of the online menu
      </h2>
      {categories.map((c) => {
        const products = doc.products.filter(
          (p) => p.category === c.slug && !p.archived && p.channels.includes('online'),
        );
        if (products.length === 0) return null;
        return (
          <section key={c.slug} aria-label={`Preview: ${c.name}`} className="mb-4">
            <h3 className="font-semibold">{c.name}</h3>
            {c.dayparts.length > 0 && <p className="text-sm text-stone-700">{daypartSummary(c.dayparts)}</p>}
            <ul className="mt-1 grid gap-1">
              {products.map((p) => (
                <li key={p.ref} className="flex flex-wrap items-baseline gap-2 text-sm">
                  <span className="font-medium">{p.name}</span>
                  {p.new && <span className="rounded bg-stone-900 px-1.5 text-white text-xs">New</span>}
                  <LabelBadges labels={p.labels} />
                  <span className="ml-auto">{formatMoney(p.online_price)}</span>
                  {p.attributes.map((a) => (
                    <span key={a.name} className="w-full text-stone-700">
                      {a.name}: {a.values.map((v) => v.name).join(', ')}
                    </span>
                  ))}
                  {p.modifier_groups.map((key) => {
                    const g = doc.modifier_groups.find((x) => x.key === key);
                    return g ? (
                      <span key={key} className="w-full text-stone-700">
                        {g.name} ({g.min > 0 ? `choose ${g.min}–${g.max}` : `up to ${g.max}`})
                      </span>
                    ) : null;
                  })}
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </section>
  );
}

const bundleTitles = { deals: 'Deals', combos: 'Combos' } as const;

/** The draft's deals or combos: reorder, add, edit (decision 042). */
function BundleSection({
  kind,
  doc,
  disabled,
  onAdd,
  onEdit,
  onReorder,
}: {
  kind: BundleKind;
  doc: CatalogueDocument;
  disabled: boolean;
  onAdd: () => void;
  onEdit: (index: number) => void;
  onReorder: (items: DocBundle[]) => void;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid gap-2">
      <div className="flex items-center justify-between">
        <h2 id={headingId} className="font-semibold text-lg">
          {bundleTitles[kind]}
        </h2>
        <Button disabled={disabled} onClick={onAdd}>
          Add {bundleNoun[kind]}
        </Button>
      </div>
      <OrderedList
        label={bundleTitles[kind]}
        items={doc[kind]}
        keyOf={(b) => b.ref}
        nameOf={(b) => b.name}
        detailOf={(b) =>
          [formatMoney(b.online_price), `${b.slots.length} slots`, b.archived ? 'archived' : '']
            .filter(Boolean)
            .join(' · ')
        }
        onReorder={onReorder}
        onEdit={onEdit}
      />
    </section>
  );
}

/** /admin/menu/catalogue: build and change the catalogue as a draft, preview it and publish it at once. */
export function CatalogueEditorPage() {
  const { restaurant, can } = useAdmin();
  const query = useCatalogue(restaurant.id);
  const publish = usePublishCatalogue(restaurant.id);
  const [draft, setDraft] = useState<CatalogueDocument | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [showPreview, setShowPreview] = useState(false);
  const [conflict, setConflict] = useState<string | null>(null);
  const headingId = useId();

  const published = query.data?.document;
  useEffect(() => {
    if (published) setDraft(structuredClone(published));
  }, [published]);

  if (query.isPending) return <p role="status">Loading the catalogue…</p>;
  if (query.isError) return <Notice tone="error">The catalogue could not be loaded: {query.error.message}</Notice>;
  if (!draft || !published) return null;

  const changes = diffCatalogue(published, draft);
  const update = (next: Partial<CatalogueDocument>) => setDraft({ ...draft, ...next });

  function onPublish() {
    if (!draft || !query.data) return;
    setConflict(null);
    publish.mutate(
      { base: query.data.revision, document: draft },
      {
        onSuccess: (result) => {
          toast.success('Menu published', { description: `${result.changes.length} changes are live.` });
          setShowPreview(false);
          query.refetch();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409) setConflict(error.message);
          else toast.error('Not published', { description: error.message });
        },
      },
    );
  }

  const close = () => setEditing(null);
  const replace = <T,>(items: readonly T[], index: number | null, item: T) =>
    index === null ? [...items, item] : items.map((x, i) => (i === index ? item : x));

  return (
    <div className="grid gap-6">
      <PageTitle
        actions={
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => setShowPreview((v) => !v)} aria-expanded={showPreview}>
              {showPreview ? 'Hide preview' : 'Preview'}
            </Button>
            <Button
              disabled={changes.length === 0}
              onClick={() => {
                setDraft(structuredClone(published));
                setConflict(null);
              }}
            >
              Discard changes
            </Button>
            <Button primary disabled={changes.length === 0 || publish.isPending} onClick={onPublish}>
              {publish.isPending ? 'Publishing…' : `Publish ${changes.length} changes`}
            </Button>
          </div>
        }
      >
        Menu editor
      </PageTitle>
      {conflict && (
        <Notice tone="error">
          {conflict}{' '}
          <button type="button" className="underline" onClick={() => query.refetch()}>
            Reload the published menu
          </button>
        </Notice>
      )}
      <p className="text-sm text-stone-700">
        Changes stay a draft until you publish them: customers see them all at once.{' '}
        {changes.length === 0 ? 'No unpublished changes.' : `${changes.length} unpublished changes.`}
      </p>
      {changes.length > 0 && (
        <details className="rounded-md border border-stone-300 bg-white p-3 text-sm">
          <summary className="cursor-pointer font-semibold">Unpublished changes</summary>
          <ul className="mt-2 list-disc pl-5">
            {changes.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
        </details>
      )}
      {showPreview && <Preview doc={draft} />}

      {editing?.kind === 'category' && (
        <CategoryFormPanel
          category={editing.index === null ? null : (draft.categories[editing.index] ?? null)}
          doc={draft}
          onCancel={close}
          onSave={(c: DocCategory) => {
            update({ categories: replace(draft.categories, editing.index, c) });
            close();
          }}
        />
      )}
      {editing?.kind === 'product' && (
        <ProductFormPanel
          product={editing.index === null ? null : (draft.products[editing.index] ?? null)}
          doc={draft}
          restaurantId={restaurant.id}
          onCancel={close}
          onSave={(p: DocProduct) => {
            update({ products: replace(draft.products, editing.index, p) });
            close();
          }}
        />
      )}
      {editing?.kind === 'group' && (
        <GroupFormPanel
          group={editing.index === null ? null : (draft.modifier_groups[editing.index] ?? null)}
          doc={draft}
          onCancel={close}
          onSave={(g: DocModifierGroup) => {
            update({ modifier_groups: replace(draft.modifier_groups, editing.index, g) });
            close();
          }}
        />
      )}

      <section aria-labelledby={`${headingId}-categories`} className="grid gap-2">
        <div className="flex items-center justify-between">
          <h2 id={`${headingId}-categories`} className="font-semibold text-lg">
            Categories
          </h2>
          <Button onClick={() => setEditing({ kind: 'category', index: null })}>Add category</Button>
        </div>
        <OrderedList
          label="Categories"
          items={draft.categories}
          keyOf={(c) => c.slug}
          nameOf={(c) => c.name}
          detailOf={(c) =>
            [c.archived ? 'archived' : '', c.dayparts.length > 0 ? daypartSummary(c.dayparts) : 'all day']
              .filter(Boolean)
              .join(' · ')
          }
          onReorder={(categories) => update({ categories })}
          onEdit={(index) => setEditing({ kind: 'category', index })}
        />
      </section>

      <section aria-labelledby={`${headingId}-products`} className="grid gap-2">
        <div className="flex items-center justify-between">
          <h2 id={`${headingId}-products`} className="font-semibold text-lg">
            Products
          </h2>
          <Button disabled={draft.categories.length === 0} onClick={() => setEditing({ kind: 'product', index: null })}>
            Add product
          </Button>
        </div>
        <OrderedList
          label="Products"
          items={draft.products}
          keyOf={(p) => p.ref}
          nameOf={(p) => p.name}
          detailOf={(p) =>
            [
              draft.categories.find((c) => c.slug === p.category)?.name ?? p.category,
              formatMoney(p.online_price),
              p.archived ? 'archived' : '',
            ]
              .filter(Boolean)
              .join(' · ')
          }
          onReorder={(products) => update({ products })}
          onEdit={(index) => setEditing({ kind: 'product', index })}
        />
      </section>

      <section aria-labelledby={`${headingId}-groups`} className="grid gap-2">
        <div className="flex items-center justify-between">
          <h2 id={`${headingId}-groups`} className="font-semibold text-lg">
            Modifier groups
          </h2>
          <Button onClick={() => setEditing({ kind: 'group', index: null })}>Add modifier group</Button>
        </div>
        <p className="text-sm text-stone-700">
          A group is shared: every product it is added to offers the same options. A group no product uses is not kept
          when you publish.
        </p>
        <OrderedList
          label="Modifier groups"
          items={draft.modifier_groups}
          keyOf={(g) => g.key}
          nameOf={(g) => g.name}
          detailOf={(g) => `${g.options.length} options · choose ${g.min}–${g.max}`}
          onReorder={(modifier_groups) => update({ modifier_groups })}
          onEdit={(index) => setEditing({ kind: 'group', index })}
        />
      </section>

      {(editing?.kind === 'deals' || editing?.kind === 'combos') && (
        <BundleFormPanel
          key={`${editing.kind}-${editing.index}`}
          kind={editing.kind}
          index={editing.index}
          doc={draft}
          onCancel={close}
          onSave={(b: DocBundle) => {
            update({ [editing.kind]: replace(draft[editing.kind], editing.index, b) });
            close();
          }}
        />
      )}
      {(['deals', 'combos'] as const).map((kind) => (
        <BundleSection
          key={kind}
          kind={kind}
          doc={draft}
          disabled={draft.products.length === 0}
          onAdd={() => setEditing({ kind, index: null })}
          onEdit={(index) => setEditing({ kind, index })}
          onReorder={(items) => update({ [kind]: items })}
        />
      ))}

      <CatalogueImportExport restaurantId={restaurant.id} onApplied={() => query.refetch()} />
      {can('catalogueHistory') && <CatalogueHistory restaurantId={restaurant.id} />}
    </div>
  );
}
