import { addGermanTexts } from '../../lib/i18n.tsx'

// The status page's German texts come with its chunk, not the entry (lib/i18n.tsx).
addGermanTexts(import.meta.glob<{ default: object }>('../../locales/de-CH/sf-status.json', { eager: true }))
