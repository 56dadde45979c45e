// Shared with the back-office: @shop/ui.
export { readCookie, writeCookie } from '@shop/ui'
