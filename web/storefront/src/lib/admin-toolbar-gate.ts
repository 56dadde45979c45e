/**
 * Spec §1 / §6: a logged-in admin sees the storefront toolbar when the toolbar plugin is on.
 * Only this check is in the storefront's main chunk; the toolbar itself is a lazy chunk that
 * anonymous visitors never download.
 */
export type AdminMe = { roles: string[]; user: { displayName: string; username: string } }

export function adminOf(config: Record<string, unknown> | undefined, me: unknown): AdminMe | undefined {
  if (config?.enablePluginToolbar !== true || !me || typeof me !== 'object') return undefined
  const record = me as Partial<AdminMe>
  if (!Array.isArray(record.roles) || !record.roles.includes('ROLE_ADMIN') || !record.user) return undefined
  return record as AdminMe
}
