import { Link } from 'react-router-dom';

export function BrandLogo({ onClick }: { onClick?: () => void }) {
  return (
    <Link to="/" className="brand-logo" aria-label="Motorly home" onClick={onClick}>
      <span className="brand-mark" aria-hidden="true">
        M
      </span>
      <span className="brand-logo__word">Motorly</span>
    </Link>
  );
}
