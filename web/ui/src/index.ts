export {
  type ApiClient,
  type ApiClientOptions,
  ApiError,
  createApiClient,
  errorsOf,
  type FieldError,
} from './api.ts'
export { Button, type ButtonVariant, buttonClass, IconButton } from './button.tsx'
export { readCookie, writeCookie } from './cookies.ts'
export { Dialog } from './dialog.tsx'
export { Field } from './field.tsx'
export {
  catalogueOf,
  createLocaleKit,
  type LocaleContextValue,
  type LocaleKit,
  type LocaleKitOptions,
  type Translate,
} from './i18n.tsx'
export { Icon, type IconName, PathIcon } from './icons.tsx'
export { Notice, type NoticeTone, Spinner } from './notice.tsx'
export { THEME_STORAGE_KEY, type Theme, useTheme } from './theme.ts'
