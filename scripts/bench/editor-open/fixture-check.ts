import { isDeepStrictEqual } from 'node:util'
import {
  configResourceSchema,
  createProductBodySchema,
  historyEntrySchema,
  imageResourceSchema,
  productResourceSchema,
} from '@shop/shared/contracts'
import type { z } from 'zod'
import { productToBody, productToForm } from '../../../web/backoffice/src/features/products/product-form.ts'
import { CONFIG, HISTORY, IMAGES, PRODUCT } from './fixture.ts'

/**
 * The fixture's answers, each parsed with the contract the API answers it by; the product also
 * as the editor's form would check it (its values mapped back to a body, `createProductBodySchema`).
 * The product must come out unchanged: every field present, no default filled in. The problems
 * found (none: the fixture is what the API could answer).
 */
export function fixtureProblems(): string[] {
  const problems: string[] = []
  const check = (what: string, schema: z.ZodType, value: unknown, unchanged = false) => {
    const result = schema.safeParse(value)
    if (!result.success) {
      problems.push(
        `${what}: ${result.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`,
      )
    } else if (unchanged && !isDeepStrictEqual(result.data, value)) {
      problems.push(`${what}: the contract's output differs from the fixture (a field missing or defaulted)`)
    }
  }
  check('product', productResourceSchema, PRODUCT, true)
  check('product as the editor sends it', createProductBodySchema, productToBody(productToForm(PRODUCT)))
  for (const image of IMAGES) check(`image ${image.id}`, imageResourceSchema, image, true)
  HISTORY.forEach((entry, i) => {
    check(`history entry ${i}`, historyEntrySchema, entry, true)
  })
  check('config', configResourceSchema, CONFIG)
  return problems
}
