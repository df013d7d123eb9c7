// Parts of a report Scout could not read. Main keeps them in the stored result exactly as the
// API sent them and lists them under `_scoutUnparsed` ([{path, reason}], paths from `result`).
// The page shows them as they came, with a note, and reads no figure out of them.
import { isRec, own, str, type Rec } from './read';

/** Where main lists the parts kept as received (src/main/platform/api/schemas/common.ts UNPARSED_KEY). */
export const UNPARSED_KEY = '_scoutUnparsed';

export interface KeptPart {
  path: string;
  reason: string;
  /** The part as received, as JSON text (shortened when long). */
  json: string;
}

const MAX_JSON = 2000;

function steps(path: string): string[] {
  return path.split('.').filter((s) => s !== '');
}

function valueAt(tree: unknown, path: string): unknown {
  let node = tree;
  for (const step of steps(path)) {
    if (Array.isArray(node) && /^\d+$/.test(step)) node = node[Number(step)];
    else if (isRec(node) && Object.hasOwn(node, step)) node = node[step];
    else return undefined;
  }
  return node;
}

function asJson(value: unknown): string {
  let text: string;
  try {
    text = value === undefined ? '(absent)' : (JSON.stringify(value, null, 2) ?? String(value));
  } catch {
    text = String(value);
  }
  return text.length > MAX_JSON ? `${text.slice(0, MAX_JSON)}… (${text.length} characters)` : text;
}

/**
 * The parts kept as received, and a copy of `result` without them (and without the list), for
 * the model to read figures only from what Scout could read. `result` is never changed.
 */
export function keptParts(result: Rec): { kept: KeptPart[]; readable: Rec } {
  const listed = own(result, UNPARSED_KEY);
  if (!Array.isArray(listed) || listed.length === 0) return { kept: [], readable: result };
  const kept: KeptPart[] = [];
  const readable = structuredClone(result);
  delete readable[UNPARSED_KEY];
  for (const entry of listed) {
    const path = str(own(entry, 'path'));
    if (path === null) continue;
    kept.push({ path, reason: str(own(entry, 'reason')) ?? '', json: asJson(valueAt(result, path)) });
    const parts = steps(path);
    const last = parts.pop();
    const parent = valueAt(readable, parts.join('.'));
    if (last !== undefined && isRec(parent)) delete parent[last];
    else if (last !== undefined && Array.isArray(parent) && /^\d+$/.test(last)) parent[Number(last)] = null;
  }
  return { kept, readable };
}
