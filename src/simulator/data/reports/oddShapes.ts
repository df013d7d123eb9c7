// Accounts whose name starts with "oddshape" answer with parts in shapes no reference or real
// answer shows: one feature's data as a sentence, one metric as a list, and `basic.description`
// as an object. A tolerant reader keeps those parts as received and shows every other figure;
// end-to-end tests use these accounts to prove a paid answer is never thrown away over them.
// Deterministic: the rest of the report is the account's usual one.
export function isOddShapeName(name: string): boolean {
  return name.trim().toLowerCase().startsWith('oddshape');
}

export const ODD_FEATURE_TEXT = 'temporarily unavailable';

export function withOddShapes<T>(name: string, body: T): T {
  if (!isOddShapeName(name) || !isRecord(body)) return body;
  // Instagram's report is flat (`user`); the others nest basic/metrics/features under `report`.
  if (isRecord(body.user)) {
    const user = { ...body.user, audience_languages: ODD_FEATURE_TEXT, comments_rate: [1, 2, 3], about: { text: 'not a string' } };
    return { ...body, user } as T;
  }
  if (!isRecord(body.report)) return body;
  const report = body.report;
  const features = isRecord(report.features) ? { ...report.features } : {};
  const first = Object.keys(features).find((key) => key !== 'social_networks');
  if (first) features[first] = { data: ODD_FEATURE_TEXT };
  const metrics = isRecord(report.metrics) ? { ...report.metrics } : {};
  const odd = Object.keys(metrics).find((key) => key !== 'subscribers_count');
  if (odd) metrics[odd] = [1, 2, 3];
  const basic = isRecord(report.basic) ? { ...report.basic, description: { text: 'not a string' } } : report.basic;
  return { ...body, report: { ...report, basic, metrics, features } } as T;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
