// The marketplace's first page as HTML text, for the app server (scripts/market-first-page.ts): the same cards,
// status line and grid the early view draws in the DOM (marketplace-view.ts), written into marketplace.html
// with the answer itself as a JSON data block, so the first paint shows the results.
import { countLine, earlyMarketAnswer, resultsGrid, type Builder } from './marketplace-view';
import { EARLY_ANSWER_ATTR, EARLY_ANSWER_ID } from './server-first-page';
import { escapeHtml, escapeHtmlText } from '@/shared/lib/escape-html';

/** HTML text (an element, escaped). */
class Markup {
  constructor(readonly html: string) {}
}

const VOID = new Set(['img', 'br', 'input', 'hr', 'meta', 'link']);

export const markupBuilder: Builder<Markup> = {
  el(tag, attrs, ...children) {
    const attrText = Object.entries(attrs)
      .map(([k, v]) => ` ${k}="${escapeHtml(v)}"`)
      .join('');
    if (VOID.has(tag)) return new Markup(`<${tag}${attrText}>`);
    const inner = children
      .map((c) => (c === null || c === false ? '' : typeof c === 'string' ? escapeHtmlText(c) : c.html))
      .join('');
    return new Markup(`<${tag}${attrText}>${inner}</${tag}>`);
  },
};

/** JSON inside <script type="application/json">: nothing in it can close the element or open a comment. */
export const scriptJson = (data: unknown) =>
  JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** The prerendered page's parts the first page replaces (vite-plugins/prerender-home.ts builds the page). */
const PLACEHOLDERS = /<div class="cat-grid">(?:<span class="skeleton"[^>]*><\/span>)*<\/div>/;
const LOADING_COUNT = /<span data-coverage="loading">[^<]*<\/span>/;

/**
 * marketplace.html with the first page in it: the cards in place of the placeholders, the status line, and the
 * answer as JSON (the head script hands it to the app as the early search's answer). Null when the answer has
 * no cards to show or the page lacks the placeholders: the static page is served instead.
 */
export function injectFirstPage(html: string, data: unknown): string | null {
  const answer = earlyMarketAnswer(data);
  if (!answer || !PLACEHOLDERS.test(html) || !LOADING_COUNT.test(html) || !html.includes('</body>')) return null;
  const grid = resultsGrid(markupBuilder, answer.rows, 'grid', answer.towns).html;
  const count = countLine(markupBuilder, answer).html;
  const json = `<script type="application/json" id="${EARLY_ANSWER_ID}">${scriptJson(data)}</script>`;
  return html
    .replace('<html ', `<html ${EARLY_ANSWER_ATTR} `)
    .replace(PLACEHOLDERS, () => grid)
    .replace(LOADING_COUNT, () => count)
    .replace('</body>', () => `${json}</body>`);
}

/** The request body the page carries (data-early-search), decoded; null when it has none. */
export function earlySearchBodyOf(html: string): string | null {
  const raw = html.match(/<html [^>]*data-early-search="([^"]*)"/)?.[1];
  return raw === undefined
    ? null
    : raw
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&');
}
