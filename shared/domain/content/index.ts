export * from './content-schema.ts'
export * from './field-config.ts'
export * from './known-types.ts'
