// /compare: up to four models or listings side by side; the list is shared through the URL.
export { CompareScreen } from './components/compare-screen';
