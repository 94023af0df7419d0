import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useRouteError } from 'react-router-dom';
import { AppErrorScreen } from './app-error-screen';
import { currentAppErrorCount, noteAppError } from './app-error-boundary';

/**
 * Root errorElement (navigating again clears a router error, which is what Try Again does): errors in the
 * layouts (outside any route boundary) show the app-wide screen.
 */
export function RouterErrorScreen() {
  const error = useRouteError();
  const navigate = useNavigate();
  const location = useLocation();
  const [count, setCount] = useState(currentAppErrorCount());
  useEffect(() => {
    setCount(noteAppError(error, 'router'));
  }, [error]);
  return (
    <AppErrorScreen
      error={error}
      errorCount={count}
      onRetry={() => void navigate(location.pathname + location.search + location.hash, { replace: true })}
    />
  );
}
