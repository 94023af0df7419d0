import { Link } from 'react-router-dom';
import { ButtonLink, CarIcon, CompareIcon, EmptyState, SearchIcon, SparkIcon, StarIcon } from '@/shared/ui';
import { href } from '@/shared/lib/routes';
import { usePageTitle } from '../use-page-title';

const SHORTCUTS = [
  { to: href.browse(), title: 'Browse cars', text: 'Every model on sale in the UK, with prices and running costs.', Icon: CarIcon },
  { to: href.aiSearch(), title: 'AI search', text: 'Describe what you need in plain English and get matches.', Icon: SparkIcon },
  { to: href.reviews(), title: 'Expert reviews', text: 'Independent verdicts on comfort, practicality and value.', Icon: StarIcon },
  { to: href.compare(), title: 'Compare', text: 'Line cars up side by side before you decide.', Icon: CompareIcon },
];

export default function HomeScreen() {
  usePageTitle('');
  return (
    <>
      <section className="hero">
        <div className="container hero__inner">
          <p className="hero__eyebrow">The smarter way to find your next car</p>
          <h1 className="hero__title">
            Find the right car for <span className="hero__accent">British roads</span>.
          </h1>
          <p className="hero__lead">
            Expert reviews, honest running costs and thousands of listings from UK dealers — searchable in plain English and
            available even when you&apos;re offline.
          </p>
          <div className="hero__actions">
            <ButtonLink to={href.aiSearch()} variant="primary" size="lg" icon={<SparkIcon size={18} />}>
              Try AI Search
            </ButtonLink>
            <ButtonLink to={href.browse()} size="lg" icon={<SearchIcon size={18} />}>
              Browse cars
            </ButtonLink>
          </div>
        </div>
      </section>
      <div className="container page">
        <section aria-labelledby="shortcuts-title" className="stack">
          <h2 id="shortcuts-title">Start exploring</h2>
          <ul className="grid-cards shortcut-list">
            {SHORTCUTS.map(({ to, title, text, Icon }) => (
              <li key={to}>
                <Link to={to} className="card card--interactive shortcut">
                  <span className="shortcut__icon">
                    <Icon size={22} />
                  </span>
                  <span className="card__title">{title}</span>
                  <span className="card__description">{text}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
        <EmptyState
          icon={<CarIcon size={26} />}
          title="Featured cars will appear here"
          description="Once the catalogue has synced to this device, the latest reviews, best-value picks and new listings will be featured on this page."
        />
      </div>
    </>
  );
}
