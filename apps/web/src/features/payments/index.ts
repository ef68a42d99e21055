export { useOrder } from './api/get-order';
export { OrderPayment } from './components/order-payment';
export { ReceiptView } from './components/receipt-view';
