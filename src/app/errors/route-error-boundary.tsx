import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { AlertIcon, Button, ButtonLink, HomeIcon, RefreshIcon } from '@/shared/ui';
import { errorSeverity, friendlyMessage } from '@/shared/lib/errors';
import { recordError } from './error-reports';

interface Props {
  children: ReactNode;
  /** Changing it (a new location) clears the error. */
  resetKey: string;
  name: string;
  onRetry: () => void;
}

interface State {
  error: unknown;
  hasError: boolean;
  resetKey: string;
}

class Boundary extends Component<Props, State> {
  state: State = { error: null, hasError: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, hasError: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { resetKey: props.resetKey, hasError: false, error: null } : null;
  }

  componentDidCatch(error: unknown, _info: ErrorInfo): void {
    void recordError(
      error,
      { component: this.props.name, action: 'render' },
      errorSeverity(error, { component: this.props.name }),
    );
  }

  render() {
    if (!this.state.hasError) return this.props.children;
    return (
      <div className="container page">
        <section className="route-error" role="alert" aria-labelledby="route-error-title" data-testid="route-error">
          <div className="icon-tile route-error__icon">
            <AlertIcon size={24} />
          </div>
          <div className="route-error__body">
            <h1 id="route-error-title" className="route-error__title">
              This page couldn&apos;t load
            </h1>
            <p className="muted">{friendlyMessage(this.state.error)}</p>
            <div className="cluster">
              <Button
                variant="primary"
                icon={<RefreshIcon size={18} />}
                onClick={() => {
                  this.props.onRetry();
                  this.setState({ hasError: false, error: null });
                }}
              >
                Try Again
              </Button>
              <ButtonLink to="/" icon={<HomeIcon size={18} />}>
                Go Home
              </ButtonLink>
            </div>
          </div>
        </section>
      </div>
    );
  }
}

// Test hook: `?__throw=route` makes the screen throw until Try Again is pressed for that visit, so
// e2e tests can show the route error card and prove Try Again recovers. Only VITE_TEST_HOOKS=1 builds
// carry it (a product link with it would break the page for its reader and file a false report).
const recovered = new Set<string>();

function ThrowProbe({ children }: { children: ReactNode }) {
  const [params] = useSearchParams();
  const location = useLocation();
  if (params.get('__throw') === 'route' && !recovered.has(location.key)) {
    throw new Error('Test error requested by ?__throw=route');
  }
  return <>{children}</>;
}

/** Per-route error boundary: an error card with Try Again / Go Home instead of a blank page. */
export function RouteErrorBoundary({ children, name }: { children: ReactNode; name: string }) {
  const { pathname, key } = useLocation();
  return (
    <Boundary resetKey={pathname} name={name} onRetry={() => recovered.add(key)}>
      {import.meta.env.VITE_TEST_HOOKS === '1' ? <ThrowProbe>{children}</ThrowProbe> : children}
    </Boundary>
  );
}
