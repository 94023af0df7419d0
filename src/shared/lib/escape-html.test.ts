// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { escapeHtml, escapeHtmlText } from './escape-html';

describe('escapeHtml', () => {
  it('writes & < > " and the apostrophe as entities, everything else as it is', () => {
    expect(escapeHtml(`Tom & Jerry's <"GT"> £1,000 café`)).toBe(
      'Tom &amp; Jerry&#39;s &lt;&quot;GT&quot;&gt; £1,000 café',
    );
  });

  it('escapes an ampersand once, even before what looks like an entity', () => {
    expect(escapeHtml('&amp; &lt;')).toBe('&amp;amp; &amp;lt;');
  });

  it('reads back as the same text in an attribute and in element content', () => {
    const text = `a<b>&"c"'d'</b>`;
    const holder = new DOMParser().parseFromString(
      `<p title="${escapeHtml(text)}" data-x='${escapeHtml(text)}'>${escapeHtml(text)}</p>`,
      'text/html',
    ).body.firstElementChild!;
    expect(holder.getAttribute('title')).toBe(text);
    expect(holder.getAttribute('data-x')).toBe(text);
    expect(holder.textContent).toBe(text);
  });
});

describe('escapeHtmlText', () => {
  it('writes & < > as entities and leaves quotes and apostrophes', () => {
    expect(escapeHtmlText(`Tom & Jerry's <"GT">`)).toBe(`Tom &amp; Jerry's &lt;"GT"&gt;`);
  });
});
