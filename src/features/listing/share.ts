import { toast } from '@/shared/ui';

/** Shares the page's link (the system share sheet, else the clipboard), telling the shopper what happened. */
export async function shareListing(title: string): Promise<void> {
  const url = window.location.href;
  try {
    if (navigator.share) {
      await navigator.share({ title, url });
      return;
    }
    await navigator.clipboard.writeText(url);
    toast({
      title: 'Link copied',
      description: 'Paste it anywhere to share this car.',
      variant: 'success',
      duration: 3000,
    });
  } catch (e) {
    if (e instanceof DOMException && e.name === 'AbortError') return;
    toast({ title: 'Could not share', description: `Copy this link instead: ${url}`, duration: 7000 });
  }
}
