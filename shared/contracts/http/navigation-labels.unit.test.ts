import { describe, expect, it } from 'vitest'
import { createNavigationBodySchema, navigationItemSchema } from './resources.http.ts'

/** A navigation item's label per language (spec §3: navigations are translated per locale). */
describe('navigation item labels', () => {
  it('keeps an item without per-language labels valid (items stored before them)', () => {
    const item = navigationItemSchema.parse({ type: 'home', target: null, label: 'Start' })
    expect(item).toEqual({ type: 'home', target: null, label: 'Start', isEnabled: true, children: [] })
    expect('labels' in item).toBe(false)
  })

  it('takes labels per content locale beside the German label, trimmed', () => {
    const body = createNavigationBodySchema.parse({
      identifier: 'main',
      items: [
        {
          type: 'link',
          target: '/',
          label: 'Filialen',
          labels: { 'fr-FR': ' Filiales ', 'en-GB': 'Branches' },
          children: [{ type: 'site', target: 's1', label: 'Über uns', labels: { 'fr-FR': 'À propos' } }],
        },
      ],
    })
    expect(body.items[0]?.labels).toEqual({ 'fr-FR': 'Filiales', 'en-GB': 'Branches' })
    expect(body.items[0]?.children[0]?.labels).toEqual({ 'fr-FR': 'À propos' })
  })

  it('refuses an unknown locale, an empty label and one longer than 255 characters', () => {
    const issues = (labels: unknown) =>
      navigationItemSchema
        .safeParse({ type: 'home', target: null, label: 'Start', labels })
        .error?.issues.map((i) => i.path.join('.'))
    expect(issues({ fr: 'Accueil' })).toEqual(['labels'])
    expect(issues({ 'fr-FR': '  ' })).toEqual(['labels.fr-FR'])
    expect(issues({ 'en-GB': 'x'.repeat(256) })).toEqual(['labels.en-GB'])
    expect(issues({ 'fr-FR': 'Accueil', 'en-GB': 'Home' })).toBeUndefined()
  })
})
