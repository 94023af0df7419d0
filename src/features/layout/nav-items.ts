// Which navigation entries show for whom (SPEC §2 Desktop navigation and Mobile menu), narrowed to the
// links that apply to this user (issue 34): Dealer Hub for members of a dealer (other signed-in users get
// "Become a dealer" in the menu), and Get Started, an entry for newcomers, only while signed out.
import { href, isUnder } from '@/shared/lib/routes';

export interface NavViewer {
  signedIn: boolean;
  isAdmin: boolean;
  /** A member of a dealer (dealer_members): the Dealer Hub is theirs. */
  isDealer?: boolean;
}

/** Get Started (to AI search) is for visitors who have not signed in. */
export function showGetStarted({ signedIn }: NavViewer): boolean {
  return !signedIn;
}

export interface NavItem {
  label: string;
  to: string;
  /** Path prefix that highlights this item for any page below it (e.g. /admin). */
  matchPrefix?: string;
}

export function desktopLinks({ signedIn, isAdmin, isDealer = false }: NavViewer): NavItem[] {
  const items: NavItem[] = [
    { label: 'AI Search', to: href.aiSearch() },
    { label: 'Reviews', to: href.reviews() },
    { label: 'Marketplace', to: href.marketplace() },
    { label: 'Recommended', to: href.recommended() },
  ];
  if (signedIn) items.push({ label: 'My Leads', to: href.myLeads() });
  if (isAdmin) items.push({ label: 'Admin', to: href.adminDashboard(), matchPrefix: '/admin' });
  if (signedIn && isDealer) items.push({ label: 'Dealer Hub', to: href.dealerDashboard(), matchPrefix: '/dealer' });
  return items;
}

/** Mobile menu links; the Sign In / Sign Out and Get Started entries are rendered after these. */
export function mobileLinks({ signedIn, isAdmin, isDealer = false }: NavViewer): NavItem[] {
  const items: NavItem[] = [
    { label: 'Browse Cars', to: href.browse() },
    { label: 'AI Search', to: href.aiSearch() },
    { label: 'Reviews', to: href.reviews() },
    { label: 'Marketplace', to: href.marketplace() },
    { label: 'Recommended', to: href.recommended() },
    { label: 'Value My Car', to: href.valueMyCar() },
  ];
  if (isAdmin) items.push({ label: 'Admin Dashboard', to: href.adminDashboard(), matchPrefix: '/admin' });
  if (signedIn) items.push({ label: 'Account', to: href.account() });
  items.push({ label: 'Bookmarks', to: href.bookmarks() });
  // Not in the spec's list: the signed-in pages the desktop bar reaches had no way in on phones.
  if (signedIn) {
    items.push(
      { label: 'Saved searches', to: `${href.account()}#saved-searches` },
      { label: 'My Leads', to: href.myLeads() },
      isDealer
        ? { label: 'Dealer Hub', to: href.dealerDashboard(), matchPrefix: '/dealer' }
        : { label: 'Become a dealer', to: href.dealerDashboard(), matchPrefix: '/dealer' },
    );
  }
  return items;
}

/**
 * The links while auth is not known yet: a signed-in user's, those a signed-out visitor lacks marked
 * `ifSignedIn` (CSS shows them only when the stored sign-in hint says signed in: top-nav.tsx).
 */
export function pendingLinks(
  links: (viewer: NavViewer) => NavItem[],
  viewer: NavViewer,
): { item: NavItem; ifSignedIn: boolean }[] {
  const signedOut = new Set(links(viewer).map((item) => item.label));
  return links({ ...viewer, signedIn: true }).map((item) => ({ item, ifSignedIn: !signedOut.has(item.label) }));
}

/** The links a bar or menu draws: pendingLinks() while auth is not known, else the viewer's own. */
export function linksToShow(
  links: (viewer: NavViewer) => NavItem[],
  viewer: NavViewer,
  authPending: boolean,
): { item: NavItem; ifSignedIn: boolean }[] {
  return authPending ? pendingLinks(links, viewer) : links(viewer).map((item) => ({ item, ifSignedIn: false }));
}

/** Whether an item is the current page (exact path, or anything under its prefix). */
export function isActive(item: NavItem, pathname: string): boolean {
  if (item.matchPrefix) return isUnder(pathname, item.matchPrefix);
  return isUnder(pathname, item.to);
}
