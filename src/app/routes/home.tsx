import { Link } from 'react-router-dom';
import { BellIcon, ButtonLink, CarIcon, CompareIcon, EmptyState, SearchIcon, SparkIcon, StarIcon } from '@/shared/ui';
import { href } from '@/shared/lib/routes';
import { usePageTitle } from '../use-page-title';

const SHORTCUTS = [
  { to: href.browse(), title: 'Browse cars', text: 'Every model on sale in the UK, with prices and running costs.', Icon: CarIcon },
  { to: href.aiSearch(), title: 'AI search', text: 'Describe what you need in plain English and get matches.', Icon: SparkIcon },
  { to: href.reviews(), title: 'Expert reviews', text: 'Independent verdicts on comfort, practicality and value.', Icon: StarIcon },
  { to: href.compare(), title: 'Compare', text: 'Line cars up side by side before you decide.', Icon: CompareIcon },
];

/** Decorative illustration beside the hero text on wide screens. */
function HeroArt() {
  return (
    <div className="hero-art" aria-hidden="true">
      <span className="hero-art__chip hero-art__chip--1">
        <StarIcon size={16} /> Expert verdicts
      </span>
      <span className="hero-art__chip hero-art__chip--2">
        <BellIcon size={16} /> Price-drop alerts
      </span>
      <span className="hero-art__chip hero-art__chip--3">
        <CompareIcon size={16} /> Side-by-side compare
      </span>
      <svg className="hero-art__car" viewBox="0 0 400 150" fill="none" stroke="currentColor" strokeWidth="5" strokeLinecap="round" strokeLinejoin="round">
        <path d="M20 112h26m60 0h160m60 0h54v-26c0-10-6-16-16-19l-52-13-44-30c-8-5-16-8-26-8H134c-12 0-22 5-30 13L74 60l-38 8c-10 2-16 9-16 19z" fill="rgb(255 255 255 / 0.12)" />
        <path d="M112 58l24-24c5-5 11-8 18-8h56v32zM222 26h14c8 0 15 2 21 7l26 25h-61z" />
        <circle cx="76" cy="112" r="26" fill="rgb(6 12 40 / 0.5)" />
        <circle cx="296" cy="112" r="26" fill="rgb(6 12 40 / 0.5)" />
        <circle cx="76" cy="112" r="9" />
        <circle cx="296" cy="112" r="9" />
      </svg>
      <span className="hero-art__road" />
    </div>
  );
}

export default function HomeScreen() {
  usePageTitle('');
  return (
    <>
      <section className="hero">
        <div className="container hero__inner">
          <div className="hero__text">
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
          <HeroArt />
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
