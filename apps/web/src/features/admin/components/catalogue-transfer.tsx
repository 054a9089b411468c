import type { CatalogueImportResult } from '@orderfront/core';
import { useId, useState } from 'react';
import { toast } from '@/lib/toast';
import { downloadCatalogue, useCatalogueHistory, useImportCatalogue } from '../api/catalogue-editor';
import { Button, inputClass, Notice } from './ui';

/** Export as JSON or CSV; import either with a dry run first, then apply all or nothing. */
export function CatalogueImportExport({ restaurantId, onApplied }: { restaurantId: number; onApplied: () => void }) {
  const id = useId();
  const importer = useImportCatalogue(restaurantId);
  const [file, setFile] = useState<{ name: string; content: string; format: 'json' | 'csv' } | null>(null);
  const [result, setResult] = useState<CatalogueImportResult | null>(null);

  function run(dryRun: boolean) {
    if (!file) return;
    importer.mutate(
      { format: file.format, content: file.content, dry_run: dryRun },
      {
        onSuccess: (r) => {
          setResult(r);
          if (r.applied) {
            toast.success('Catalogue imported', { description: `${r.changes.length} changes are live.` });
            onApplied();
          }
        },
        onError: (e) => toast.error('Import failed', { description: e.message }),
      },
    );
  }

  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-3 rounded-md border border-stone-300 bg-white p-4">
      <h2 id={`${id}-title`} className="font-semibold text-lg">
        Import and export
      </h2>
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => downloadCatalogue(restaurantId, 'json').catch((e) => toast.error(e.message))}>
          Export JSON
        </Button>
        <Button onClick={() => downloadCatalogue(restaurantId, 'csv').catch((e) => toast.error(e.message))}>
          Export CSV
        </Button>
      </div>
      <label htmlFor={`${id}-file`} className="grid gap-1 text-sm">
        Import a JSON or CSV file
        <input
          id={`${id}-file`}
          type="file"
          accept=".json,.csv,application/json,text/csv"
          className={inputClass}
          onChange={async (e) => {
            const chosen = e.target.files?.[0];
            setResult(null);
            if (!chosen) return setFile(null);
            const format = chosen.name.toLowerCase().endsWith('.csv') ? 'csv' : 'json';
            setFile({ name: chosen.name, content: await chosen.text(), format });
          }}
        />
      </label>
      <div className="flex flex-wrap gap-2">
        <Button disabled={!file || importer.isPending} onClick={() => run(true)}>
          Check import (dry run)
        </Button>
        <Button
          primary
          disabled={!file || importer.isPending || !result || result.applied || result.errors.length > 0}
          onClick={() => run(false)}
        >
          Apply import
        </Button>
      </div>
      {result && !result.applied && result.errors.length > 0 && (
        <div className="grid gap-2">
          <Notice tone="error">{result.errors.length} problems: nothing will be imported until they are fixed.</Notice>
          <table className="text-sm">
            <caption className="sr-only">Import problems</caption>
            <thead>
              <tr className="text-left">
                <th className="p-1">Row</th>
                <th className="p-1">Field</th>
                <th className="p-1">Problem</th>
              </tr>
            </thead>
            <tbody>
              {result.errors.map((e) => (
                <tr key={`${e.row}-${e.field}-${e.message}`}>
                  <td className="p-1">{e.row}</td>
                  <td className="p-1">{e.field}</td>
                  <td className="p-1">{e.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {result && result.errors.length === 0 && (
        <div className="grid gap-1 text-sm">
          <Notice>
            {result.applied
              ? `Imported: ${result.changes.length} changes published.`
              : `${result.changes.length} changes would be made. Apply to publish them all at once.`}
          </Notice>
          <ul className="list-disc pl-5">
            {result.changes.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

/** Every publish of the restaurant's catalogue: who, when, what (owners). */
export function CatalogueHistory({ restaurantId }: { restaurantId: number }) {
  const id = useId();
  const history = useCatalogueHistory(restaurantId, true);
  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-2 rounded-md border border-stone-300 bg-white p-4">
      <h2 id={`${id}-title`} className="font-semibold text-lg">
        Publish history
      </h2>
      {history.isPending && <p role="status">Loading…</p>}
      {history.isError && <Notice tone="error">The history could not be loaded.</Notice>}
      {history.data?.length === 0 && <p className="text-sm">Nothing has been published from here yet.</p>}
      <ol className="grid gap-2 text-sm">
        {history.data?.map((row) => (
          <li key={row.id}>
            <details>
              <summary className="cursor-pointer">
                {new Date(row.created_at).toLocaleString()} · {row.user_name ?? 'A former user'} ·{' '}
                {row.source === 'import' ? 'import' : 'editor'} · {row.changes.length} changes
              </summary>
              <ul className="list-disc pl-5">
                {row.changes.map((c) => (
                  <li key={c}>{c}</li>
                ))}
              </ul>
            </details>
          </li>
        ))}
      </ol>
    </section>
  );
}
