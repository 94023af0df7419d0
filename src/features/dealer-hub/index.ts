// The Dealer Hub (/dealer/dashboard): leads inbox, listing prices and statuses, figures.
export { DealerHubScreen } from './components/dealer-hub-screen';
export type { HubViewer } from './viewer';
