/** Text for HTML or XML (SVG) content and attribute values: the five special characters escaped. */
export function escapeHtml(value: unknown): string {
  return String(value).replace(/[<>&"']/g, (c) => ESCAPES[c] ?? c);
}

const ESCAPES: Record<string, string> = { '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&#39;' };
