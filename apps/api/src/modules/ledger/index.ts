/** The ledger module's door (docs/ARCHITECTURE.md): every movement of an order's money, and the fees. */
export { accountTotals, entriesOfOrder, type LedgerAccount } from './ledger.repository.ts';
export { recordFullRefund, recordSale } from './ledger.service.ts';
