/** Typed content (spec §3): any content configuration of shared/domain/content as form fields. */
export { useErrorAt, useLabel } from './hooks.ts'
export { TypedContentFields } from './typed-content-fields.tsx'
