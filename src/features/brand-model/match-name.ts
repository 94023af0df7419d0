// Brand and model pages accept a slug or a display name in the URL.

/** Matches '/brand/land-rover' and '/brand/Land%20Rover' alike. */
export function matchesName(slug: string, name: string, param: string): boolean {
  const p = decodeURIComponent(param).trim().toLowerCase();
  return p === slug || p === name.toLowerCase() || p.replace(/\s+/g, '-') === slug;
}
