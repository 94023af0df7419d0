import { useMemo, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useDealersByIds } from '@/data/catalogue';
import { useCatalogueArriving } from '@/sync';
import { telHref } from '@/shared/lib/contact-links';
import { dealerProfile } from '@/domain/dealer-profile';
import { formatGBP } from '@/shared/lib/format';
import { href } from '@/shared/lib/routes';
import { LoadingBlock, PageHeader } from '@/shared/ui';
import { CarNotFound } from '@/entities/car';
import { DealerDistance } from './dealer-distance';
import { DealerRating } from './dealer-rating';
import '../dealer.css';

export interface DealerScreenProps {
  dealerId: string;
  /** The dealer's stock with the marketplace's filters (wired by the route). */
  stock: ReactNode;
}

export function DealerScreen({ dealerId, stock }: DealerScreenProps) {
  const dealers = useDealersByIds([dealerId]);
  const arriving = useCatalogueArriving();
  const [params] = useSearchParams();
  const dealer = dealers?.get(dealerId);
  const profile = useMemo(() => (dealer ? dealerProfile(dealer.id, dealer.rating) : undefined), [dealer]);

  if (!dealers || (!dealer && arriving)) return <LoadingBlock />;
  if (!dealer || !profile)
    return <CarNotFound title="Dealer not found" action={{ to: href.marketplace(), label: 'Search all cars' }} />;
  const phoneLink = telHref(dealer.phone);

  return (
    <div className="container page cat-page" data-testid="dealer-page" data-dealer-id={dealer.id}>
      <PageHeader eyebrow="Car dealer" title={dealer.name} intro={`${dealer.town}, ${dealer.outcode}`} />
      <div className="dealer-top">
        <section className="cat-panel" aria-labelledby="dealer-contact">
          <h2 id="dealer-contact">Contact and location</h2>
          <p className="dealer-line">
            {phoneLink ? (
              <a href={phoneLink} data-testid="dealer-phone">
                {dealer.phone}
              </a>
            ) : (
              <span data-testid="dealer-phone">{dealer.phone}</span>
            )}
          </p>
          <p className="dealer-line">
            {dealer.town}, {dealer.postcode}
          </p>
          <DealerDistance to={{ lat: dealer.lat, lng: dealer.lng }} postcode={params.get('postcode') ?? undefined} />
          {dealer.admin_fee > 0 ? (
            <p className="cat-muted cat-small dealer-line">
              Admin fee {formatGBP(dealer.admin_fee)}, included in every price shown.
            </p>
          ) : (
            <p className="cat-muted cat-small dealer-line">No admin fee.</p>
          )}
        </section>
        <section className="cat-panel" aria-labelledby="dealer-hours">
          <h2 id="dealer-hours">Opening hours</h2>
          <dl className="dealer-hours" data-testid="dealer-hours">
            {profile.hours.map((h) => (
              <div key={h.days}>
                <dt>{h.days}</dt>
                <dd>{h.hours}</dd>
              </div>
            ))}
          </dl>
        </section>
        <DealerRating profile={profile} />
      </div>
      <section className="cat-section" aria-labelledby="dealer-stock">
        <h2 id="dealer-stock" className="dealer-stock-title">
          Cars in stock at {dealer.name}
        </h2>
        {stock}
      </section>
    </div>
  );
}
