// Whether a component is drawn in VirtualGrid's rows. Those rows mount while the page scrolls, one every few
// frames, so what a card draws there must cost little at mount (a car picture is then inline SVG, not an <img>
// of its own SVG document).
import { createContext, useContext } from 'react';

export const InVirtualListContext = createContext(false);

/** True inside the rows of a virtualised VirtualGrid (a short list rendered in full is not virtualised). */
export function useInVirtualList(): boolean {
  return useContext(InVirtualListContext);
}
