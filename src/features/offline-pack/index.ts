// The offline pack card (issue 32): "Keep cars within N miles of POSTCODE on this device".
export { OfflinePackCard } from './components/offline-pack-card';
