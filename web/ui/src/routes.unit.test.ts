import { describe, expect, it } from 'vitest'
import { BACKEND_BASE, paths, shopPaths } from './routes.ts'

describe('paths: the storefront', () => {
  it('builds the customer routes', () => {
    expect(paths.home()).toBe('/')
    expect(paths.store('zurich-hb')).toBe('/store/zurich-hb')
    expect(paths.checkout('zurich-hb')).toBe('/store/zurich-hb/checkout')
    expect(paths.checkoutError('zurich-hb')).toBe('/store/zurich-hb/checkout/error')
    expect(paths.status('0190c3e2', 'a1b2c3')).toBe('/status/0190c3e2/a1b2c3')
    expect(paths.site('privacy')).toBe('/site/privacy')
  })

  it('builds the kiosk routes', () => {
    expect(paths.kiosk.store('bern')).toBe('/kiosk/bern')
    expect(paths.kiosk.checkout('bern')).toBe('/kiosk/bern/checkout')
    expect(paths.kiosk.status('bern', 'u1', 'h1')).toBe('/kiosk/bern/status/u1/h1')
  })

  it('encodes every parameter as one path segment', () => {
    expect(paths.store('a/b')).toBe('/store/a%2Fb')
    expect(paths.store('café bar')).toBe('/store/caf%C3%A9%20bar')
    expect(paths.status('u/../x', 'h?x=1#y')).toBe('/status/u%2F..%2Fx/h%3Fx%3D1%23y')
    expect(paths.kiosk.status('a b', 'u&1', 'h%')).toBe('/kiosk/a%20b/status/u%261/h%25')
    expect(paths.site('../admin')).toBe('/site/..%2Fadmin')
  })

  it('opens a content page in a language (the preview links)', () => {
    expect(paths.page('/fr/a-propos', 'fr-FR')).toBe('/fr/a-propos?lang=fr-FR')
    expect(paths.page('/about', 'en')).toBe('/about?lang=en')
  })

  it('builds the upload addresses', () => {
    const file = { publicHash: 'ab12', id: 'f-1', version: 3, extension: 'pdf' }
    expect(paths.upload(file)).toBe('/upload/ab12/f-1-3.pdf')
    expect(paths.uploadPreview(file)).toBe('/upload/ab12/preview/f-1-3.jpg')
    expect(paths.upload({ ...file, publicHash: 'a/b', id: 'x y' })).toBe('/upload/a%2Fb/x%20y-3.pdf')
  })

  it('picks the shop or the kiosk routes', () => {
    expect(shopPaths(false).store('b')).toBe('/store/b')
    expect(shopPaths(true).store('b')).toBe('/kiosk/b')
    expect(shopPaths(false).checkout('b')).toBe('/store/b/checkout')
    expect(shopPaths(true).checkout('b')).toBe('/kiosk/b/checkout')
    expect(shopPaths(false).status('b', 'u', 'h')).toBe('/status/u/h')
    expect(shopPaths(true).status('b', 'u', 'h')).toBe('/kiosk/b/status/u/h')
  })
})

describe('paths: the back-office', () => {
  it('builds the paths inside its router', () => {
    expect(paths.backend.orders()).toBe('/orders')
    expect(paths.backend.orders('current')).toBe('/orders')
    expect(paths.backend.orders('missed')).toBe('/orders/missed')
    expect(paths.backend.orders('history')).toBe('/orders/history')
    expect(paths.backend.order('42')).toBe('/orders/42')
    expect(paths.backend.receipt('42')).toBe('/orders/42/receipt')
    expect(paths.backend.dashboard()).toBe('/dashboard')
    expect(paths.backend.board('b-1')).toBe('/board/b-1')
    expect(paths.backend.frontdesk()).toBe('/frontdesk')
    expect(paths.backend.frontdeskKey('b-1', 'k')).toBe('/frontdesk/b-1/k')
    expect(paths.backend.timeTerminal('t0k', 'lena')).toBe('/time-tracking/t0k/lena')
    expect(paths.backend.login()).toBe('/login')
    expect(paths.backend.logout()).toBe('/logout')
  })

  it('encodes ids and keys', () => {
    expect(paths.backend.order('a/b')).toBe('/orders/a%2Fb')
    expect(paths.backend.receipt('a b')).toBe('/orders/a%20b/receipt')
    expect(paths.backend.board('x?y')).toBe('/board/x%3Fy')
    expect(paths.backend.frontdeskKey('b/1', 'k+/=')).toBe('/frontdesk/b%2F1/k%2B%2F%3D')
    expect(paths.backend.timeTerminal('a/b', 'c d')).toBe('/time-tracking/a%2Fb/c%20d')
  })

  it('makes a path from the site root and the old hash routes', () => {
    expect(BACKEND_BASE).toBe('/backend')
    expect(paths.backend.url('')).toBe('/backend')
    expect(paths.backend.url(paths.backend.receipt('7'))).toBe('/backend/orders/7/receipt')
    expect(paths.backend.legacy('dashboard')).toBe('/backend#/dashboard')
    expect(paths.backend.legacy('sites')).toBe('/backend#/sites')
  })
})
