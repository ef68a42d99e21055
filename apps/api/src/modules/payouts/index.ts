/** The payouts module's door (docs/decisions/0062): payout accounts, holding and sending each sale's share to its seller. */
export { financeRoutes } from './finance.routes.ts';
export { payoutDepsOf, type PayoutDeps } from './payouts.deps.ts';
export { payoutsRoutes } from './payouts.routes.ts';
export {
  adjustSellerPayoutForLabel,
  cancelSellerPayout,
  freezeSellerPayout,
  holdSellerShare,
  recordAccountUpdate,
  recordBankPayout,
  reduceSellerPayout,
  releaseDuePayouts,
  retryFailedPayout,
  takeBackSellerPayout,
  unfreezeSellerPayout,
} from './payouts.service.ts';
