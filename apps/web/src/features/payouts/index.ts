export { PayoutsView } from './components/payouts-view';
