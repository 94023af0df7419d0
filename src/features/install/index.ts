// The install prompt (SPEC §2 overlays, §4): captureInstallPrompt() runs from main.tsx; the card is
// mounted by the app shell.
import './install.css';

export { InstallPrompt } from './components/install-prompt';
export { captureInstallPrompt } from './store';
