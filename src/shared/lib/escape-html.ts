// The one escaper for markup we write as text: the server's first page (src/early/marketplace-markup.ts), the
// prerendered pages' attributes (vite-plugins/prerender-home.ts) and the SVG we draw (car art, brand monograms).
// Plain string code with no imports: the early-view bundles and the seed script take it as it is.

const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const entity = (c: string): string => ENTITIES[c];

/** Text safe anywhere in HTML or XML: element content or a quoted attribute (& < > " ' as entities). */
export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, entity);

/** Element content only (& < >): quotes stay as they are, as a DOM serialiser writes them. */
export const escapeHtmlText = (s: string): string => s.replace(/[&<>]/g, entity);
