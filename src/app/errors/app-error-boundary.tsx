import { Component, type ErrorInfo, type ReactNode } from 'react';
import { errorSeverity } from '@/shared/lib/errors';
import { AppErrorScreen } from './app-error-screen';
import { recordError } from './error-reports';

// Counted for the whole page session, so retrying into the same crash eventually stops offering it.
let appErrorCount = 0;
// StrictMode runs effects twice in development: count each error object once.
const counted = new WeakSet<object>();

export function noteAppError(error: unknown, component: string): number {
  if (error !== null && typeof error === 'object') {
    if (counted.has(error)) return appErrorCount;
    counted.add(error);
  }
  appErrorCount += 1;
  void recordError(
    error,
    { component, action: 'render' },
    errorSeverity(error, { component }) === 'low' ? 'medium' : 'high',
  );
  return appErrorCount;
}

export function currentAppErrorCount(): number {
  return appErrorCount;
}

interface State {
  error: unknown;
  hasError: boolean;
  count: number;
}

/** The outermost boundary: anything not caught by a route boundary ends here. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { error: null, hasError: false, count: 0 };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, hasError: true };
  }

  componentDidCatch(error: unknown, _info: ErrorInfo): void {
    this.setState({ count: noteAppError(error, 'app') });
  }

  render() {
    if (this.state.hasError) {
      return (
        <AppErrorScreen
          error={this.state.error}
          errorCount={Math.max(this.state.count, currentAppErrorCount())}
          onRetry={() => this.setState({ error: null, hasError: false })}
        />
      );
    }
    return this.props.children;
  }
}
