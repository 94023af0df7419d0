// /dealers/:dealerId: a dealer's details, opening hours, rating and reviews; its stock is a slot.
export { DealerScreen, type DealerScreenProps } from './components/dealer-screen';
