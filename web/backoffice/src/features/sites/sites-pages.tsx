/**
 * Sites (issue 19, spec §2 `/backend#/sites` as real routes; docs/content.md): the list and the
 * editor of the default type's two variants, simple page (formatted text) and standard page
 * (sections of text, columns and galleries, reordered by dragging or the keyboard). Each language
 * (de-CH, fr-FR, en) has its own path, name, title, description, content and public flag; two
 * languages can be shown side by side. A saved site opens in the storefront as a preview: staff
 * see drafts there with the draft marker, visitors do not see them at all. Moving the path of a
 * public page offers a redirect from the old address.
 */
import './sites.css'
import { createSiteBodySchema } from '@shop/shared/contracts'
import { SITE_VARIANTS, type SiteVariant } from '@shop/shared/domain/content'
import { Button, Dialog, Notice } from '@shop/ui'
import { paths } from '@shop/ui/routes'
import { useId, useMemo, useState } from 'react'
import { useWatch } from 'react-hook-form'
import { Link, useParams } from 'react-router'
import { messageOf } from '../../lib/api.ts'
import { type ColumnDef, DataTable } from '../../lib/data-table.tsx'
import { editorTexts, ResourceEditor } from '../../lib/editor.tsx'
import { CheckboxInput, FieldSet, TextInput, useFormContext } from '../../lib/forms.tsx'
import { HistoryAside } from '../../lib/history-aside.tsx'
import { useT } from '../../lib/i18n.tsx'
import { ListPage } from '../../lib/list-page.tsx'
import { offerRedirect } from '../../lib/redirects.ts'
import { type StoredResource, useResourceList } from '../../lib/resources.ts'
import { SideBySide } from '../../lib/side-by-side.tsx'
import { TypedContentFields } from '../../lib/typed-content/index.ts'
import {
  configOf,
  contentToForm,
  isPublicTranslation,
  movedPublicPaths,
  SITE_LOCALES,
  type SiteForm,
  type SiteLocale,
  type StoredSite,
  siteToBody,
  siteToForm,
} from './site-model.ts'

type Site = StoredResource & StoredSite

/** A language's short name in the editor (the storefront's English is 'en-GB'). */
const LANGUAGE_KEY: Record<SiteLocale, string> = { 'de-CH': 'de', 'fr-FR': 'fr', 'en-GB': 'en' }

/** The storefront's locale of a content language (its English is 'en'). */
const storefrontLocale = (locale: string) => (locale.startsWith('en') ? 'en' : locale)

export function SiteListPage() {
  const t = useT('bo-sites')
  const tc = useT('bo-common')
  const [state, reload] = useResourceList<Site>('sites')
  const [query, setQuery] = useState('')
  const rows = useMemo(() => {
    const all = state.status === 'ready' ? state.value : []
    const q = query.trim().toLowerCase()
    return all.filter(
      (s) =>
        q === '' ||
        Object.values(s.translations ?? {}).some(
          (tr) => tr?.name?.toLowerCase().includes(q) || tr?.path?.toLowerCase().includes(q),
        ),
    )
  }, [state, query])
  const columns = useMemo<ColumnDef<Site, unknown>[]>(
    () => [
      {
        id: 'name',
        header: t('name'),
        accessorFn: (s) =>
          SITE_LOCALES.map((l) => s.translations?.[l]?.name).find(Boolean) ??
          Object.values(s.translations ?? {}).find((tr) => tr?.name)?.name ??
          s.id,
        cell: ({ row, getValue }) => (
          <Link to={paths.backend.resource('sites', row.original.id)}>{String(getValue())}</Link>
        ),
      },
      {
        id: 'pages',
        header: t('pages'),
        enableSorting: false,
        cell: ({ row }) => (
          <span className="bo-content__paths">
            {Object.entries(row.original.translations ?? {}).map(([l, tr]) =>
              tr?.path ? (
                <a
                  key={l}
                  href={paths.page(tr.path, storefrontLocale(l))}
                  lang={l}
                  target="_blank"
                  rel="noreferrer"
                >
                  {l}: {tr.path}
                  {isPublicTranslation(row.original, l) ? '' : ` (${t('draft')})`}
                </a>
              ) : null,
            )}
          </span>
        ),
      },
      {
        id: 'variant',
        header: t('variant.label'),
        accessorFn: (s) => (s.type && s.type !== 'default' ? s.type : t(`variant.${siteToForm(s).variant}`)),
      },
      {
        id: 'isPublic',
        header: t('public'),
        accessorFn: (s) => (s.isPublic ? tc('yes') : t('draft')),
      },
    ],
    [t, tc],
  )
  return (
    <ListPage
      title={t('title')}
      intro={<p className="bo-intro">{t('intro')}</p>}
      create={{ to: paths.backend.newResource('sites'), label: t('new') }}
      search={{ value: query, onChange: setQuery }}
      state={state}
      failedText={t('error.listLoad')}
      retry={reload}
    >
      {() => (
        <DataTable
          rows={rows}
          columns={columns}
          rowId={(r) => r.id}
          caption={t('title')}
          empty={tc('empty')}
          initialSorting={[{ id: 'name', desc: false }]}
        />
      )}
    </ListPage>
  )
}

type Moved = { locale: string; from: string; to: string; state: 'open' | 'done' | string }

export function SiteEditorPage() {
  const t = useT('bo-sites')
  const { id } = useParams()
  const isNew = id === undefined || id === 'new'
  const [moved, setMoved] = useState<Moved[]>([])
  const titleOf = (item: StoredResource) => {
    const s = item as Site
    return SITE_LOCALES.map((l) => s.translations?.[l]?.name).find(Boolean) ?? t('untitled')
  }
  return (
    <>
      <ResourceEditor<SiteForm>
        resource="sites"
        id={isNew ? undefined : id}
        schema={createSiteBodySchema}
        toForm={(item) => siteToForm(item as Site | null)}
        toBody={(values, item) => siteToBody(values, item as Site | null)}
        listPath={paths.backend.resources('sites')}
        itemPath={(siteId) => paths.backend.resource('sites', siteId)}
        texts={editorTexts(t, titleOf)}
        fieldLabels={{ translations: t('languages'), isPublic: t('isPublic'), type: t('variant.label') }}
        onSaved={(saved, before) =>
          setMoved(movedPublicPaths(before as Site, saved as Site).map((m) => ({ ...m, state: 'open' })))
        }
        aside={(item, replace) => <HistoryAside resource="sites" item={item} onRestored={replace} />}
      >
        {(_form, item) => <SiteFields item={item as Site | null} />}
      </ResourceEditor>
      <RedirectOffer moved={moved} onChange={setMoved} />
    </>
  )
}

/**
 * What `offerRedirect` answered as a refusal (lib/redirects.ts: `{ ok: false, message }`; a
 * message string), or null when the redirect was made.
 */
function refusalOf(result: unknown, fallback: string): string | null {
  if (!result) return null
  if (typeof result === 'string') return result
  if (typeof result === 'object') {
    const answer = result as { ok?: unknown; message?: unknown }
    if (answer.ok === false)
      return typeof answer.message === 'string' && answer.message ? answer.message : fallback
  }
  return null
}

/** After a public page's path moved: a redirect from the old address, if wanted. */
function RedirectOffer({ moved, onChange }: { moved: Moved[]; onChange: (next: Moved[]) => void }) {
  const t = useT('bo-sites')
  const tc = useT('bo-common')
  const [busy, setBusy] = useState(false)
  const open = moved.some((m) => m.state !== 'done')
  const add = async () => {
    setBusy(true)
    const next: Moved[] = []
    for (const m of moved) {
      if (m.state === 'done') {
        next.push(m)
        continue
      }
      try {
        const refusal = refusalOf(await offerRedirect(m.from, m.to), t('redirect.failed'))
        next.push({ ...m, state: refusal ?? 'done' })
      } catch (error) {
        next.push({ ...m, state: messageOf(error, t('redirect.failed')) })
      }
    }
    setBusy(false)
    onChange(next.every((m) => m.state === 'done') ? [] : next)
  }
  return (
    <Dialog
      open={open}
      title={t('redirect.title')}
      closeLabel={tc('close')}
      onClose={() => onChange([])}
      footer={
        <>
          <Button variant="secondary" onClick={() => onChange([])}>
            {t('redirect.skip')}
          </Button>
          <Button onClick={() => void add()} disabled={busy}>
            {t('redirect.add')}
          </Button>
        </>
      }
    >
      <p>{t('redirect.intro')}</p>
      <ul>
        {moved.map((m) => (
          <li key={`${m.locale}-${m.from}`}>
            <code>{m.from}</code> → <code>{m.to}</code>
            {m.state !== 'open' && m.state !== 'done' ? (
              <span className="ui-field__error" role="alert">
                {' '}
                {m.state}
              </span>
            ) : null}
          </li>
        ))}
      </ul>
    </Dialog>
  )
}

function SiteFields({ item }: { item: Site | null }) {
  const t = useT('bo-sites')
  const { control, setValue, getValues } = useFormContext<SiteForm>()
  const type = useWatch({ control, name: 'type' })
  const variant = useWatch({ control, name: 'variant' })
  const known = configOf(type, variant) !== undefined

  const switchVariant = (next: SiteVariant) => {
    if (next === getValues('variant')) return
    for (const locale of SITE_LOCALES) {
      const content = getValues(`translations.${locale}.content`)
      setValue(`translations.${locale}.content`, contentToForm(type, next, content), { shouldDirty: true })
    }
    setValue('variant', next, { shouldDirty: true })
  }

  return (
    <>
      <FieldSet legend={t('basics')}>
        {type === 'default' ? (
          <fieldset className="bo-wide bo-sites-variant">
            <legend>{t('variant.label')}</legend>
            {SITE_VARIANTS.map((v) => (
              <label key={v} className="bo-sites-variant__choice">
                <input
                  type="radio"
                  name="site-variant"
                  value={v}
                  checked={variant === v}
                  onChange={() => switchVariant(v)}
                />{' '}
                <strong>{t(`variant.${v}`)}</strong>
                <span className="ui-field__hint">{t(`variant.${v}Hint`)}</span>
              </label>
            ))}
          </fieldset>
        ) : (
          <Notice tone="info">
            <p>{t('unknownType', { type })}</p>
          </Notice>
        )}
        <CheckboxInput name="isPublic" label={t('isPublic')} hint={t('isPublicHint')} />
      </FieldSet>

      <SideBySide
        locales={SITE_LOCALES}
        languageName={(l) => t(`language.${LANGUAGE_KEY[l]}`)}
        title={t('languages')}
        errorPath={(l) => `translations.${l}`}
      >
        {(locale) => <TranslationPanel locale={locale} item={item} known={known} />}
      </SideBySide>
    </>
  )
}

/**
 * One language of the page (rendered only while it is shown: SideBySide; its values stay in the
 * form while it is not).
 */
function TranslationPanel({
  locale,
  item,
  known,
}: {
  locale: SiteLocale
  item: Site | null
  known: boolean
}) {
  const t = useT('bo-sites')
  const { control } = useFormContext<SiteForm>()
  const enabled = useWatch({ control, name: `translations.${locale}.enabled` })
  const type = useWatch({ control, name: 'type' })
  const variant = useWatch({ control, name: 'variant' })
  const sitePublic = useWatch({ control, name: 'isPublic' })
  const languagePublic = useWatch({ control, name: `translations.${locale}.isPublic` })
  const config = configOf(type, variant)
  const base = `translations.${locale}`
  const language = t(`language.${LANGUAGE_KEY[locale]}`)
  const stored = item?.translations?.[locale]
  const headingId = useId()
  return (
    <section className="bo-sites-panel" aria-labelledby={headingId} data-locale={locale}>
      <div className="bo-sites-panel__head">
        <h3 id={headingId}>{language}</h3>
        {enabled ? (
          <span
            className={`bo-sites-status bo-sites-status--${sitePublic && languagePublic ? 'public' : 'draft'}`}
          >
            {sitePublic && languagePublic ? t('status.public') : t('status.draft')}
          </span>
        ) : null}
        {stored?.path ? (
          // In this language, whatever the shop's language in this browser is (?lang=).
          <a
            className="bo-sites-preview"
            href={paths.page(stored.path, storefrontLocale(locale))}
            target="_blank"
            rel="noreferrer"
          >
            {t('preview.link', { language })}
            <span className="ui-visually-hidden"> {t('preview.newTab')}</span>
          </a>
        ) : null}
      </div>
      <CheckboxInput name={`${base}.enabled`} label={t('translation.enabled', { language })} />
      {enabled ? (
        <div className="bo-tc-grid bo-sites-panel__fields">
          <TextInput
            name={`${base}.name`}
            label={t('translation.name')}
            hint={t('translation.nameHint')}
            required
          />
          <TextInput
            name={`${base}.path`}
            label={t('translation.path')}
            hint={t('translation.pathHint')}
            placeholder="/ueber-uns"
            required
          />
          <TextInput
            name={`${base}.title`}
            label={t('translation.title')}
            hint={t('translation.titleHint')}
          />
          <TextInput
            name={`${base}.description`}
            label={t('translation.description')}
            hint={t('translation.descriptionHint')}
            rows={3}
            className="bo-wide"
          />
          <CheckboxInput
            name={`${base}.isPublic`}
            label={t('translation.isPublic', { language })}
            hint={t('translation.isPublicHint')}
            className="bo-wide"
          />
          {known && config ? (
            <div className="bo-wide bo-sites-content">
              <h4 className="bo-sites-content__title">{t('content')}</h4>
              {variant === 'standard' ? <p className="ui-field__hint">{t('sectionsHint')}</p> : null}
              <div className="bo-tc-grid">
                <TypedContentFields config={config} name={`${base}.content`} />
              </div>
            </div>
          ) : (
            <p className="bo-wide ui-field__hint">{t('contentKept')}</p>
          )}
        </div>
      ) : null}
    </section>
  )
}
