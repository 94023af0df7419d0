import { Button, toast } from '@/shared/ui';
import { useCatalogueStore } from '../compare-store';
import { COMPARE_MAX, sameItem, type CompareItem } from '../compare-rules';

/** Adds a model or listing to the compare list (at most four), or takes it off again. */
export function CompareButton({ item, label, compact }: { item: CompareItem; label: string; compact?: boolean }) {
  const inList = useCatalogueStore((s) => s.compare.some((c) => sameItem(c, item)));
  const onClick = () => {
    // The actions are read at the click, not subscribed to: a page of cards mounts one of these each.
    const { addToCompare: add, removeFromCompare: remove } = useCatalogueStore.getState();
    if (inList) {
      remove(item);
      return;
    }
    const r = add(item);
    if (!r.ok && r.reason === 'full') {
      toast({
        title: 'Compare is full',
        description: `You can compare up to ${COMPARE_MAX} cars. Remove one first.`,
        variant: 'destructive',
      });
    } else if (r.ok) {
      toast({
        title: 'Added to compare',
        description: `${label} (${r.items.length} of ${COMPARE_MAX})`,
        duration: 3000,
      });
    }
  };
  return (
    <Button
      size={compact ? 'sm' : 'md'}
      variant={inList ? 'secondary' : 'outline'}
      aria-pressed={inList}
      onClick={onClick}
      data-testid="compare-toggle"
      aria-label={compact ? `${inList ? 'Remove from compare:' : 'Compare'} ${label}` : undefined}
    >
      <span aria-hidden="true">{inList ? '✓' : '⇄'}</span>
      {compact ? 'Compare' : inList ? 'In compare' : 'Add to compare'}
    </Button>
  );
}
