import { inflateSync } from 'node:zlib';

/**
 * The text a PDF shows, read the simple way PDFs with standard fonts write it: each content stream
 * (inflated when compressed) holds `[<hex> kerning <hex>] TJ` and `(text) Tj` operators. Enough to
 * check what an invoice says; not a general PDF reader.
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const texts: string[] = [];
  const streams = /stream\r?\n([\s\S]*?)\r?\nendstream/g;
  for (const match of raw.matchAll(streams)) {
    const bytes = Buffer.from(match[1] ?? '', 'latin1');
    let content: string;
    try {
      content = inflateSync(bytes).toString('latin1');
    } catch {
      content = bytes.toString('latin1');
    }
    for (const op of content.matchAll(/\[(.*?)\]\s*TJ|\((.*?)\)\s*Tj/g)) {
      if (op[1] !== undefined) {
        const parts = [...op[1].matchAll(/<([0-9a-fA-F]*)>|\(((?:\\.|[^\\)])*)\)/g)].map((p) =>
          p[1] !== undefined ? Buffer.from(p[1], 'hex').toString('latin1') : (p[2] ?? ''),
        );
        texts.push(parts.join(''));
      } else texts.push(op[2] ?? '');
    }
  }
  return texts.join('\n');
}

/** A PDF file as readers expect it: the header, a cross-reference table and the end marker. */
export function looksLikePdf(pdf: Buffer): boolean {
  const text = pdf.toString('latin1');
  return text.startsWith('%PDF-1.') && /startxref\s+\d+\s+%%EOF\s*$/.test(text) && text.includes('/Type /Catalog');
}
