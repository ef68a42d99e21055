/** The ledger module's door (docs/ARCHITECTURE.md): every movement of an order's money. */
export {
  recordDisputeLost,
  recordDisputeOpened,
  recordDisputeWon,
  recordFullRefund,
  recordLabel,
  recordLabelRefund,
  recordPartialRefund,
  recordReversal,
  recordSale,
  recordTransfer,
} from './ledger.service.ts';
export type { LabelPayer } from './ledger.service.ts';
