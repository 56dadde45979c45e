import { addGermanTexts } from '../../lib/i18n.tsx'

// The checkout's German texts come with its chunk, not the entry (lib/i18n.tsx).
addGermanTexts(import.meta.glob<{ default: object }>('../../locales/de-CH/sf-checkout.json', { eager: true }))
