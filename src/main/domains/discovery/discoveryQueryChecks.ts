// A discovery query checked before anything is sent: every rule of spec 4.11, a size cap, and the
// page range; a refusal names each problem at its field, briefly.
import { ScoutError } from '@shared/errors';
import { validateDiscoveryQuery, validatePageRange, type DiscoveryBody } from '@shared/discovery';
import { clipText } from '../../platform/api/schemas/textBounds';

export const MAX_BODY_BYTES = 256 * 1024;
const MAX_FIELDS = 10;
const MAX_FIELD_CHARS = 80;
const MAX_MESSAGE_CHARS = 200;

/** Every rule of 4.11 before anything is sent; each problem at its field. */
export function validBody(body: unknown): DiscoveryBody {
  const checked = validateDiscoveryQuery(body);
  if (checked.ok) {
    // The spec bounds no keyword's length; a page is paid whatever it holds, so a body far past
    // any real query (1,000 excluded usernames fit many times over) is refused, not sent.
    const size = Buffer.byteLength(JSON.stringify(checked.body));
    if (size <= MAX_BODY_BYTES) return checked.body;
    throw new ScoutError({
      code: 'INVALID_INPUT',
      message: `The query is ${Math.ceil(size / 1024)} KB; Scout sends at most ${MAX_BODY_BYTES / 1024} KB. Shorten its keywords or lists. Nothing was sent.`,
    });
  }
  // A short answer however large the body (60,000 unknown keys, a name of 10,000 characters):
  // it crosses IPC and is shown beside the fields, so few fields, each clipped, as for any request.
  const fields: Record<string, string> = {};
  for (const e of checked.errors) {
    const field = clipText(e.field, MAX_FIELD_CHARS);
    if (Object.hasOwn(fields, field)) continue;
    if (Object.keys(fields).length >= MAX_FIELDS) break;
    Object.defineProperty(fields, field, { value: clipText(e.message, MAX_MESSAGE_CHARS), enumerable: true, writable: true, configurable: true });
  }
  const first = checked.errors[0];
  throw new ScoutError({
    code: 'INVALID_INPUT',
    message: `The query has ${checked.errors.length === 1 ? 'a problem' : `${checked.errors.length} problems`}${first ? `: ${clipText(first.message, MAX_MESSAGE_CHARS)}` : '.'} Nothing was sent.`,
    fields,
  });
}

export function pageRange(from: number, to: number): void {
  const problem = validatePageRange(from, to);
  if (problem) throw new ScoutError({ code: 'INVALID_INPUT', message: problem.message, fields: { [problem.field]: problem.message } });
}

