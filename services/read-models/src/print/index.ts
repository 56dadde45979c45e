// The receipt and its thermal-printer output (moved here from services/api/src/print for issue 21:
// the API renders it for POST /api/orders/{id}/print, the printer service for its print jobs),
// and the TCP transport of network receipt printers. Imported as `@shop/read-models/print`.
export * from './charset.ts'
export * from './cp858.ts'
export * from './escpos.ts'
export * from './kitchen-ticket.ts'
export * from './layout.ts'
export * from './print-data.ts'
export * from './receipt.ts'
export * from './tcp.ts'
