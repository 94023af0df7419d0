// The marketplace page's render-blocking requests must fit the 6 connections a browser opens to a host over
// HTTP/1.1 (the head script and at most 5 stylesheets): with 8, the last two waited for a free connection, one
// more round trip on slow 4G (bench:scale cold visit: stylesheets in at 2.04 s instead of 1.40-1.47 s).

/** The joined stylesheet's file name. */
export const TAIL_CSS = 'marketplace-tail.css';
/** Stylesheets that may block the first paint, beside the head script. */
export const MAX_BLOCKING_CSS = 5;

const sheet = (file: string) => `<link rel="stylesheet" crossorigin href="/${file}">`;

/**
 * The <link>s for `files` (in cascade order) when `already` stylesheets are in the page: those past the room
 * left are joined into TAIL_CSS (returned as `tail`, its text from `source`). The joined hashed files stay
 * listed, disabled (not fetched), so the app's CSS loader sees them as loaded and does not ask again.
 */
export function blockingStylesheets(
  files: readonly string[],
  already: number,
  source: (file: string) => string,
  unlisted: (file: string) => boolean,
): { links: string; tail: string | null } {
  const room = Math.max(1, MAX_BLOCKING_CSS - already);
  if (files.length <= room) return { links: files.map(sheet).join(''), tail: null };
  const joined = files.slice(room - 1);
  const listed = joined
    .filter((file) => !unlisted(file))
    .map((file) => `<link rel="stylesheet" crossorigin href="/${file}" disabled>`);
  return {
    links: [...files.slice(0, room - 1).map(sheet), sheet(TAIL_CSS), ...listed].join(''),
    tail: joined.map(source).join('\n'),
  };
}
