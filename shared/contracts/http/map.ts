// No zod here: the storefront imports this file alone. Spec §9: map defaults.
export const DEFAULT_MAP_ZOOM = 19
export const DEFAULT_MAP_PITCH = 55
export const DEFAULT_MAP_BEARING = -85
