import type { Severity } from '@/data/types';
import { Badge, type BadgeVariant } from '@/shared/ui';

const VARIANT: Record<Severity, BadgeVariant> = {
  low: 'neutral',
  medium: 'warning',
  high: 'danger',
  critical: 'danger',
};

export function SeverityBadge({ severity }: { severity: Severity }) {
  return <Badge variant={VARIANT[severity]}>{severity}</Badge>;
}
