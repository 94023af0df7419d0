import { ButtonLink, CarIcon, EmptyState } from '@/shared/ui';

/** The whole-page "not found" of a car page (brand, model, dealer, listing), with one way onwards. */
export function CarNotFound({
  title,
  description = 'The requested information could not be found.',
  action,
}: {
  title: string;
  description?: string;
  action: { to: string; label: string };
}) {
  return (
    <div className="container page cat-page">
      <EmptyState
        icon={<CarIcon size={26} />}
        title={title}
        headingLevel="h1"
        description={description}
        actions={<ButtonLink to={action.to}>{action.label}</ButtonLink>}
      />
    </div>
  );
}
