// The orders feature's pages (lazy-loaded by the router): the lists, the detail and the receipt view.
export { OrderDetailPage } from './order-detail-page.tsx'
export { OrderListPage } from './order-list-page.tsx'
export { ReceiptPage } from './receipt-page.tsx'
