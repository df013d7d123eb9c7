// ECharts inserts what a tooltip formatter returns as HTML. Text from the API (an ethnicity, an
// interest, a caption) goes through this first, so it is shown as text and never parsed as markup.
const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: unknown): string {
  return String(text ?? '').replace(/[&<>"']/g, (c) => entities[c]!);
}
