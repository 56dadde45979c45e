import { describe, expect, it } from 'vitest'
import { canActForBranch, readCookie, sessionTokenHash, toStaffUser } from './staff-session.ts'

describe('readCookie', () => {
  it('finds one cookie among several, trimmed and percent-decoded', () => {
    const header = 'XSRF-TOKEN=abc; shop_session=t0k%2Ben_1;other=x'
    expect(readCookie(header, 'shop_session')).toBe('t0k+en_1')
    expect(readCookie(header, 'XSRF-TOKEN')).toBe('abc')
    expect(readCookie(header, 'other')).toBe('x')
  })

  it('is undefined when the cookie or the header is missing; a bad escape stays as sent', () => {
    expect(readCookie(undefined, 'shop_session')).toBeUndefined()
    expect(readCookie('', 'shop_session')).toBeUndefined()
    expect(readCookie('my_shop_session=x; flag', 'shop_session')).toBeUndefined()
    expect(readCookie('shop_session=%E0%A4%A', 'shop_session')).toBe('%E0%A4%A')
    expect(readCookie('shop_session="quoted"', 'shop_session')).toBe('quoted')
    expect(readCookie(['a=1', 'shop_session=s'], 'shop_session')).toBe('s')
  })
})

describe('staff users', () => {
  it('reads roles and branches from the user resource; employees act for their branches only', () => {
    const employee = toStaffUser('u1', {
      username: 'lena',
      roles: ['ROLE_EMPLOYEE'],
      branches: [{ id: 'b1' }],
    })
    expect(employee).toEqual({
      id: 'u1',
      username: 'lena',
      displayName: 'lena',
      roles: ['ROLE_EMPLOYEE'],
      branches: [{ id: 'b1' }],
    })
    expect(canActForBranch(employee, 'b1')).toBe(true)
    expect(canActForBranch(employee, 'b2')).toBe(false)
    const admin = toStaffUser('u2', { username: 'chefin', roles: ['ROLE_ADMIN'] })
    expect(canActForBranch(admin, 'b2')).toBe(true)
    // Branch membership without the employee role opens nothing (spec §6).
    expect(canActForBranch(toStaffUser('u3', { roles: [], branches: [{ id: 'b1' }] }), 'b1')).toBe(false)
  })

  it('stores sessions by a sha256 hash of the token', () => {
    expect(sessionTokenHash('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad')
  })
})
