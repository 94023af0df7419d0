import type { LeadStatus } from '@/data/types';
import type { BadgeVariant } from '@/shared/ui';

export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  viewing_booked: 'Viewing booked',
  closed: 'Closed',
  lost: 'Lost',
};

export const LEAD_STATUS_BADGES: Record<LeadStatus, BadgeVariant> = {
  new: 'primary',
  contacted: 'success',
  viewing_booked: 'success',
  closed: 'neutral',
  lost: 'neutral',
};

/** '23 Nov, 14:05' in UK time. */
export function formatWhen(iso: string | undefined): string {
  if (!iso) return 'Just now';
  return new Date(iso).toLocaleString('en-GB', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
}
