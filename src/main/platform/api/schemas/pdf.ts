// PDF export (spec 4.1, 3.2): a link to the file, or how long to wait before asking again.
import { z } from 'zod';
import { num, str, unwrapObject } from './common';
import { check, guard, SchemaError } from './errors';

export type PdfAnswer =
  | { state: 'generating'; retryTtlSec: number; restTokens: number | null }
  | { state: 'ready'; pdfUrl: string; restTokens: number | null };

const pdfBody = z.looseObject({ pdfUrl: str, retryTtl: num, restTokens: num });

export function parsePdf(json: unknown): PdfAnswer {
  const what = 'PDF export';
  return guard(what, () => {
    const { value, prefix } = unwrapObject(json, what);
    const body = check(pdfBody, value, what, prefix);
    const restTokens = body.restTokens ?? null;
    if (typeof body.pdfUrl === 'string' && body.pdfUrl.trim() !== '') return { state: 'ready', pdfUrl: body.pdfUrl, restTokens };
    if (typeof body.retryTtl === 'number') return { state: 'generating', retryTtlSec: body.retryTtl, restTokens };
    throw new SchemaError(what, [`${prefix ? `${prefix}.` : ''}pdfUrl: missing (and no retryTtl either)`]);
  });
}
