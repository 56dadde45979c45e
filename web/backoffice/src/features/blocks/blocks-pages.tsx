/**
 * Blocks (issue 19 part 5; spec §3 "block"; docs/content.md "Blocks"): the list and the editor.
 * A block is a piece of content the storefront places by its identifier; the blocks 'about' and
 * 'contact' are shown in the storefront's header menu, so they keep their identifier and are not
 * deleted (the server refuses both). A default block is formatted text (the rich-text editor), a
 * legacy block a list of texts, pictures and files (the typed-content fields of the legacy
 * configuration); each language (de-CH, fr-FR, en-GB) is offered or not and public or a draft,
 * and two languages can be shown side by side (lib/side-by-side.tsx, as in the site editor).
 */
import './blocks.css'
import { createBlockBodySchema } from '@shop/shared/contracts'
import { LEGACY_BLOCK } from '@shop/shared/domain/content'
import { Notice } from '@shop/ui'
import { paths } from '@shop/ui/routes'
import { useId, useMemo, useState } from 'react'
import { useWatch } from 'react-hook-form'
import { Link, useParams } from 'react-router'
import { type ColumnDef, DataTable } from '../../lib/data-table.tsx'
import { editorTexts, ResourceEditor } from '../../lib/editor.tsx'
import { CheckboxInput, FieldSet, SelectInput, TextInput, useFormContext } from '../../lib/forms.tsx'
import { HistoryAside } from '../../lib/history-aside.tsx'
import { useT } from '../../lib/i18n.tsx'
import { ListPage } from '../../lib/list-page.tsx'
import { type StoredResource, useResourceList } from '../../lib/resources.ts'
import { RichTextField } from '../../lib/rich-text/index.tsx'
import { SideBySide } from '../../lib/side-by-side.tsx'
import { TypedContentFields } from '../../lib/typed-content/index.ts'
import {
  BLOCK_LOCALES,
  type BlockForm,
  type BlockLocale,
  blockToBody,
  blockToForm,
  isMenuBlock,
  type StoredBlock,
} from './block-model.ts'

type Block = StoredResource & StoredBlock

const LANGUAGE_KEY: Record<BlockLocale, string> = { 'de-CH': 'de', 'fr-FR': 'fr', 'en-GB': 'en' }

export function BlockListPage() {
  const t = useT('bo-blocks')
  const tc = useT('bo-common')
  const [state, reload] = useResourceList<Block>('blocks')
  const [query, setQuery] = useState('')
  const rows = useMemo(() => {
    const all = state.status === 'ready' ? state.value : []
    const q = query.trim().toLowerCase()
    return all.filter(
      (b) =>
        q === '' ||
        (b.identifier ?? '').toLowerCase().includes(q) ||
        (b.name ?? '').toLowerCase().includes(q),
    )
  }, [state, query])
  const columns = useMemo<ColumnDef<Block, unknown>[]>(
    () => [
      {
        id: 'name',
        header: t('name'),
        accessorFn: (b) => b.name ?? b.identifier ?? b.id,
        cell: ({ row, getValue }) => (
          <Link to={paths.backend.resource('blocks', row.original.id)}>{String(getValue())}</Link>
        ),
      },
      { id: 'identifier', header: t('identifier'), accessorFn: (b) => b.identifier ?? '' },
      {
        id: 'type',
        header: t('type.label'),
        accessorFn: (b) => t(`type.${b.type === 'legacy' ? 'legacy' : 'default'}`),
      },
      {
        id: 'languages',
        header: t('languages'),
        enableSorting: false,
        accessorFn: (b) =>
          Object.entries(b.translations ?? {})
            .filter(([, tr]) => tr)
            .map(([l, tr]) => `${l}${tr?.isPublic ? '' : ` (${t('draft')})`}`)
            .join(', '),
      },
      {
        id: 'menu',
        header: t('menu'),
        enableSorting: false,
        accessorFn: (b) => (isMenuBlock(b.identifier) ? t('inMenu') : ''),
      },
    ],
    [t],
  )
  return (
    <ListPage
      title={t('title')}
      intro={<p className="bo-intro">{t('intro')}</p>}
      create={{ to: paths.backend.newResource('blocks'), label: t('new') }}
      search={{ value: query, onChange: setQuery }}
      count={rows.length}
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

export function BlockEditorPage() {
  const t = useT('bo-blocks')
  const { id } = useParams()
  const isNew = id === undefined || id === 'new'
  return (
    <ResourceEditor<BlockForm>
      resource="blocks"
      id={isNew ? undefined : id}
      schema={createBlockBodySchema}
      toForm={(item) => blockToForm(item as Block | null)}
      toBody={(values, item) => blockToBody(values, item as Block | null)}
      listPath={paths.backend.resources('blocks')}
      itemPath={(blockId) => paths.backend.resource('blocks', blockId)}
      texts={editorTexts(t, (item) =>
        t('editTitle', { name: String((item as Block).name ?? (item as Block).identifier ?? '') }),
      )}
      fieldLabels={{
        identifier: t('identifier'),
        name: t('name'),
        type: t('type.label'),
        translations: t('languages'),
      }}
      aside={(item, replace) => <HistoryAside resource="blocks" item={item} onRestored={replace} />}
    >
      {(_form, item) => <BlockFields item={item as Block | null} />}
    </ResourceEditor>
  )
}

function BlockFields({ item }: { item: Block | null }) {
  const t = useT('bo-blocks')
  const { control } = useFormContext<BlockForm>()
  const identifier = useWatch({ control, name: 'identifier' })
  const type = useWatch({ control, name: 'type' })
  const fixed = item !== null && isMenuBlock(item.identifier)
  return (
    <>
      <FieldSet legend={t('basics')}>
        {fixed ? (
          <div className="ui-field">
            <span className="ui-field__label">{t('identifier')}</span>
            <p className="bo-blocks-identifier">
              <code>{item?.identifier}</code>
            </p>
          </div>
        ) : (
          <TextInput name="identifier" label={t('identifier')} hint={t('identifierHint')} required />
        )}
        <TextInput name="name" label={t('name')} hint={t('nameHint')} required />
        <SelectInput
          name="type"
          label={t('type.label')}
          hint={t(`type.${type}Hint`)}
          options={[
            { value: 'default', label: t('type.default') },
            { value: 'legacy', label: t('type.legacy') },
          ]}
        />
        {isMenuBlock(identifier) || fixed ? (
          <Notice tone="info" className="bo-wide">
            <p>
              {t(fixed ? 'menuNotice.fixed' : 'menuNotice.new', {
                identifier: item?.identifier ?? identifier,
              })}
            </p>
          </Notice>
        ) : null}
      </FieldSet>
      <SideBySide
        locales={BLOCK_LOCALES}
        languageName={(l) => t(`language.${LANGUAGE_KEY[l]}`)}
        title={t('languages')}
        errorPath={(l) => `translations.${l}`}
      >
        {(locale) => <LanguagePanel locale={locale} />}
      </SideBySide>
    </>
  )
}

/** One language of the block (rendered only while shown: SideBySide keeps the others' values). */
function LanguagePanel({ locale }: { locale: BlockLocale }) {
  const t = useT('bo-blocks')
  const { control } = useFormContext<BlockForm>()
  const enabled = useWatch({ control, name: `translations.${locale}.enabled` })
  const isPublic = useWatch({ control, name: `translations.${locale}.isPublic` })
  const type = useWatch({ control, name: 'type' })
  const language = t(`language.${LANGUAGE_KEY[locale]}`)
  const base = `translations.${locale}`
  const headingId = useId()
  return (
    <section className="bo-fieldset bo-blocks-language" aria-labelledby={headingId} data-locale={locale}>
      <div className="bo-blocks-language__head">
        <h3 id={headingId}>{language}</h3>
        {enabled ? (
          <span className={`bo-blocks-status bo-blocks-status--${isPublic ? 'public' : 'draft'}`}>
            {isPublic ? t('status.public') : t('status.draft')}
          </span>
        ) : null}
      </div>
      <CheckboxInput name={`${base}.enabled`} label={t('translation.enabled', { language })} />
      {enabled ? (
        <>
          <CheckboxInput
            name={`${base}.isPublic`}
            label={t('translation.isPublic', { language })}
            hint={t('translation.isPublicHint')}
          />
          {type === 'legacy' ? (
            <div className="bo-tc-grid">
              <TypedContentFields config={LEGACY_BLOCK} name={`${base}.content`} />
            </div>
          ) : (
            <RichTextField
              name={`${base}.content.body`}
              label={t('translation.body', { language })}
              hint={t('translation.bodyHint')}
            />
          )}
        </>
      ) : null}
    </section>
  )
}
