// The one redaction every string leaving main passes: log lines, error messages and details sent
// to the renderer, and event payloads. An upstream may echo our request back (a proxy's error
// page, a debugging endpoint), so text from the API is treated as if it could hold the token.

export const REDACTED = '[redacted]';

// A whole line that reads as a credential header (`x-auth-token: …`, `Cookie: …`, a curl `-H`
// echo) is dropped, not masked: its value may run on in forms the field patterns cannot see.
const HEADER_LINE = new RegExp(String.raw`^[ \t>-]*(?:-H\s+)?["']?(?:x-auth-[\w-]*|authorization|proxy-authorization|set-cookie|cookie)["']?[ \t]*:.*(?:\r?\n|$)`, 'gim');

// Named fields inside a line: `"x-auth-token":"…"`, `authorization: Bearer …`, `apiToken=…`.
// A quoted value is masked to its closing quote; a bare one to the next separator, after an
// optional auth scheme word.
// A name starts a word, or follows an escaped line break (`\nx-auth-token: …` in a JSON string).
const KEY_START = String.raw`(?:\b|(?<=\\[nrt]))`;
const VALUE = String.raw`("(?:[^"\\\r\n]|\\.)*"|'(?:[^'\\\r\n]|\\.)*'|(?:(?:Bearer|Basic|Token)\s+)?[^\s,;}'"&\\]+)`;
const SECRET_FIELD = new RegExp(
  String.raw`(["']?${KEY_START}(?:x-auth-token|x-auth-id|api[-_]?token|authorization|proxy-authorization|set-cookie|cookie)["']?\s*[:=]\s*)` + VALUE,
  'gi',
);
// A plain `token` is also a word in Scout's own sentences ("Invalid token: the API rejected…"),
// so only its code-like forms count: a quoted value (`token: 'abc'`, `"token":"abc"`) or no
// space after the separator (`token=abc`, `token:abc`).
// `password` likewise (a team database's: "Enter your database password: ask your admin" is a
// sentence, `password=…` and `"password":"…"` are not).
const TOKEN_FIELD = new RegExp(
  String.raw`(["']?${KEY_START}(?:token|password)["']?(?:\s*[:=]\s*(?=["'])|[:=](?=[^\s"']))|["'](?:token|password)["']\s*[:=]\s*)` + VALUE,
  'gi',
);
// The password of a connection address (`postgres://role:secret@host/db`).
const URL_PASSWORD = /(\b[a-z][a-z0-9+.-]*:\/\/[^\s:/@]+:)[^\s@/]+(@)/gi;

/** Every form a registered secret may take in text that reached us: as is, URL- and JSON-escaped. */
export function secretForms(secret: string): string[] {
  const forms = new Set([secret, encodeURIComponent(secret), JSON.stringify(secret).slice(1, -1)]);
  return [...forms];
}

export function redactText(text: string, secrets: Iterable<string>): string {
  let out = text;
  for (const secret of secrets) if (out.includes(secret)) out = out.split(secret).join(REDACTED);
  out = out.replace(HEADER_LINE, '');
  return out.replace(SECRET_FIELD, maskValue).replace(TOKEN_FIELD, maskValue).replace(URL_PASSWORD, `$1${REDACTED}$2`);
}

function maskValue(_match: string, key: string, value: string): string {
  const quote = value[0] === '"' || value[0] === "'" ? value[0] : '';
  return `${key}${quote}${REDACTED}${quote}`;
}

/** A copy of a plain JSON-like value with every string redacted (event payloads are small). */
export function redactDeep<T>(value: T, redact: (text: string) => string): T {
  if (typeof value === 'string') return redact(value) as T;
  if (Array.isArray(value)) return value.map((v: unknown) => redactDeep(v, redact)) as T;
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = redactDeep(v, redact);
    return out as T;
  }
  return value;
}
