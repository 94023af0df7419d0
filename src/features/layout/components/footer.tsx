import { useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button, CheckIcon, EmailInput, MailIcon, MapIcon, PhoneIcon } from '@/shared/ui';
import { href } from '@/shared/lib/routes';
import { BrandLogo } from './brand-logo';

const EXPLORE = [
  { label: 'Browse Cars', to: href.browse() },
  { label: 'Expert Reviews', to: href.reviews() },
  { label: 'Marketplace', to: href.marketplace() },
  { label: 'Compare Cars', to: href.compare() },
  { label: 'AI Search', to: href.aiSearch() },
  { label: 'Value My Car', to: href.valueMyCar() },
  { label: 'Bookmarks', to: href.bookmarks() },
];

// Placeholders in the spec: shown, but not links until the pages exist.
const LEGAL_PLACEHOLDERS = ['Terms of Service', 'Cookie Policy', 'Accessibility Statement'];

type NewsletterState = { phase: 'idle' | 'sending' | 'done' } | { phase: 'error'; message: string };

function Newsletter() {
  const [email, setEmail] = useState('');
  const [state, setState] = useState<NewsletterState>({ phase: 'idle' });
  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (state.phase === 'sending') return;
    setState({ phase: 'sending' });
    // Loaded on submit: the sync client stays off the first paint.
    const result = await import('../api/newsletter-api')
      .then((m) => m.subscribeNewsletter(email))
      .catch(() => ({ ok: false as const, message: 'We could not sign you up just now. Please try again.' }));
    setState(result.ok ? { phase: 'done' } : { phase: 'error', message: result.message });
  };
  const error = state.phase === 'error' ? state.message : null;
  return (
    <form className="newsletter" onSubmit={(e) => void onSubmit(e)} aria-labelledby="newsletter-title" noValidate>
      <h2 id="newsletter-title" className="footer__heading">
        Get the weekly Motorly briefing
      </h2>
      <p className="footer__text">Price drops, new reviews and the best deals on UK forecourts. No spam.</p>
      {state.phase === 'done' ? (
        <p className="newsletter__done" role="status">
          <CheckIcon size={18} /> Thanks — you&apos;re on the list. Look out for the next briefing in your inbox.
        </p>
      ) : (
        <>
          <div className="newsletter__row">
            <label htmlFor="newsletter-email" className="sr-only">
              Email address
            </label>
            <EmailInput
              id="newsletter-email"
              required
              value={email}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'newsletter-error' : undefined}
              onValueChange={setEmail}
            />
            <Button type="submit" variant="primary" loading={state.phase === 'sending'}>
              Subscribe
            </Button>
          </div>
          {error && (
            <p id="newsletter-error" className="newsletter__error" role="alert">
              {error}
            </p>
          )}
        </>
      )}
    </form>
  );
}

/** A titled column of links or contact lines. */
function FooterColumn(props: {
  as: 'nav' | 'section';
  id: string;
  title: string;
  listClassName?: string;
  children: ReactNode;
}) {
  const { as: Tag, id, title, listClassName, children } = props;
  return (
    <Tag className="footer__col" aria-labelledby={id}>
      <h2 id={id} className="footer__heading">
        {title}
      </h2>
      <ul className={listClassName}>{children}</ul>
    </Tag>
  );
}

export interface FooterProps {
  /** Extra entries at the end of the legal links (the app shell's "Cookie settings" button). */
  legalSlot?: ReactNode;
}

export function Footer({ legalSlot }: FooterProps = {}) {
  const year = new Date().getFullYear();
  return (
    <footer className="footer">
      <div className="container footer__grid">
        <section className="footer__brand" aria-label="About Motorly">
          <BrandLogo />
          <p className="footer__text">
            Motorly helps UK drivers discover, compare and buy their next car with expert reviews, honest running costs
            and AI-powered search — all in pounds, built for British roads.
          </p>
        </section>
        <FooterColumn as="nav" id="footer-explore" title="Explore">
          {EXPLORE.map((l) => (
            <li key={l.to}>
              <Link to={l.to}>{l.label}</Link>
            </li>
          ))}
        </FooterColumn>
        <FooterColumn as="section" id="footer-support" title="Support" listClassName="footer__contact">
          <li>
            <MailIcon size={16} /> support@motorly.example
          </li>
          <li>
            <PhoneIcon size={16} /> 0808 157 0192
          </li>
          <li>
            <MapIcon size={16} /> Motorly Ltd, London
          </li>
        </FooterColumn>
        <Newsletter />
      </div>
      <div className="container footer__bottom">
        <p>© {year} Motorly. Prices shown in GBP (£).</p>
        <nav aria-label="Legal">
          <ul className="footer__legal">
            <li>
              <Link to={href.privacy()}>Privacy Policy</Link>
            </li>
            <li>
              <Link to={href.dataRights()}>Your Data Rights</Link>
            </li>
            {LEGAL_PLACEHOLDERS.map((label) => (
              <li key={label}>
                <span className="footer__placeholder" aria-disabled="true" title="Coming soon">
                  {label}
                </span>
              </li>
            ))}
            {legalSlot && <li>{legalSlot}</li>}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
