// A listing's colour as the colour filter matches it. Import-free: the filter schema uses it, and the marketplace's
// early view bundles that schema alone (without Dexie, which listing-derived.ts brings).

/** 'Metallic Grey' -> 'grey': the colour filter matches on the last word. */
export function colourKey(colour: string): string {
  const words = colour
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter(Boolean);
  return words[words.length - 1] ?? '';
}
