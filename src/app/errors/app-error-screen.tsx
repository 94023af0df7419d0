import { useState } from 'react';
import { AlertIcon, Button, FlagIcon, HomeIcon, RefreshIcon } from '@/shared/ui';
import { errorSeverity, friendlyMessage } from '@/shared/lib/errors';
import { reportIssue } from './error-reports';
import { ReportIssueForm } from './report-issue-form';

export interface AppErrorScreenProps {
  error: unknown;
  /** How many app-wide errors this session; above 2 the details and Try Again are withheld. */
  errorCount: number;
  onRetry?: () => void;
}

export const MAX_RETRYABLE_ERRORS = 2;

/** The app-wide crash screen. Works outside the router, so it navigates with plain URLs. */
export function AppErrorScreen({ error, errorCount, onRetry }: AppErrorScreenProps) {
  const [report, setReport] = useState<'closed' | 'open' | 'sent'>('closed');
  const repeated = errorCount > MAX_RETRYABLE_ERRORS;
  return (
    <main id="main-content" tabIndex={-1} className="app-error" role="alert">
      <div className="app-error__card">
        <div className="icon-tile app-error__icon">
          <AlertIcon size={28} />
        </div>
        <h1>Something went wrong</h1>
        {repeated ? (
          <p className="muted">
            This keeps happening. Reloading the app usually fixes it; your saved cars and changes are kept on this
            device.
          </p>
        ) : (
          <p className="muted" data-testid="error-details">
            {friendlyMessage(error)}
          </p>
        )}
        <div className="app-error__actions">
          {!repeated && onRetry && (
            <Button variant="primary" onClick={onRetry} icon={<RefreshIcon size={18} />}>
              Try Again
            </Button>
          )}
          <Button
            variant={repeated ? 'primary' : 'outline'}
            onClick={() => window.location.reload()}
            icon={<RefreshIcon size={18} />}
          >
            {repeated ? 'Reload' : 'Reload App'}
          </Button>
          <Button onClick={() => window.location.assign('/')} icon={<HomeIcon size={18} />}>
            Go Home
          </Button>
          <Button
            variant="ghost"
            disabled={report !== 'closed'}
            aria-expanded={report === 'open'}
            onClick={() => setReport('open')}
            icon={<FlagIcon size={18} />}
          >
            {repeated ? 'Report' : 'Report Issue'}
          </Button>
        </div>
        {report === 'open' && (
          <ReportIssueForm
            onSend={async (comment) => {
              const severity = errorSeverity(error, { component: 'app' }) === 'low' ? 'medium' : 'high';
              await reportIssue(error, { component: 'app' }, severity, comment);
              setReport('sent');
            }}
          />
        )}
        {report === 'sent' && (
          <p className="app-error__note" role="status">
            Thanks — the problem has been reported.
          </p>
        )}
      </div>
    </main>
  );
}
