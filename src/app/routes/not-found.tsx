import { NotFoundScreen } from '@/features/layout';
import { usePageTitle } from '../use-page-title';

export default function NotFoundRoute() {
  usePageTitle('Page not found');
  return <NotFoundScreen />;
}
