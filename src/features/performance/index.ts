// Performance monitoring (SPEC §7, §9). Nothing here loads with the first paint: main.tsx imports
// this index after paint to start the monitor, and the /performance screen (with its chart library)
// is a lazy component of its own.
import { lazy } from 'react';
import './performance.css';

export { startPerformanceMonitoring } from './monitor';
export const PerformanceScreen = lazy(() => import('./components/performance-screen'));
