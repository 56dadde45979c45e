import { describe, expect, it } from 'vitest'
import { adminOf } from './admin-toolbar-gate.ts'

const admin = {
  roles: ['ROLE_ADMIN'],
  user: { id: 'u1', username: 'admin', displayName: 'Demo Admin', branches: [] },
}
const employee = { roles: ['ROLE_EMPLOYEE'], user: { ...admin.user, username: 'm' } }

describe('adminOf (spec §1: the toolbar for admins with the toolbar plugin)', () => {
  it('is the admin only with the plugin on', () => {
    expect(adminOf({ enablePluginToolbar: true }, admin)).toBe(admin)
    expect(adminOf({ enablePluginToolbar: false }, admin)).toBeUndefined()
    expect(adminOf({}, admin)).toBeUndefined()
    expect(adminOf(undefined, admin)).toBeUndefined()
  })

  it('is nobody for anonymous visitors, employees and malformed records', () => {
    expect(adminOf({ enablePluginToolbar: true }, null)).toBeUndefined()
    expect(adminOf({ enablePluginToolbar: true }, employee)).toBeUndefined()
    expect(adminOf({ enablePluginToolbar: true }, { roles: 'ROLE_ADMIN', user: admin.user })).toBeUndefined()
    expect(adminOf({ enablePluginToolbar: true }, { roles: ['ROLE_ADMIN'] })).toBeUndefined()
    expect(adminOf({ enablePluginToolbar: 'true' }, admin)).toBeUndefined()
  })
})
