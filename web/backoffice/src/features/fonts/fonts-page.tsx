/**
 * Fonts (issue 19, part 7; admins): every family the shop can use (the bundled ones and those
 * uploaded here), each with its variants and a preview in its own face; the upload of a font
 * file for a family and variant (the server decides by the bytes whether it is a font: WOFF2,
 * WOFF, TTF or OTF); and the delete of an uploaded family, which the server refuses while the
 * settings choose it.
 */
import './fonts.css'
import { Button, Field, Notice } from '@shop/ui'
import { type FormEvent, useId, useMemo, useRef, useState } from 'react'
import { apiSend, messageOf } from '../../lib/api.ts'
import {
  FONT_VARIANTS,
  type FontItem,
  FontUploadError,
  previewFamily,
  uploadFontFile,
  useFontStylesheet,
  variantLabel,
} from '../../lib/fonts.ts'
import { useT } from '../../lib/i18n.tsx'
import { ListPage } from '../../lib/list-page.tsx'
import { createResource, useResourceList } from '../../lib/resources.ts'

export function FontsPage() {
  const t = useT('bo-fonts')
  const [fonts, reload] = useResourceList<FontItem>('fonts')
  const [sample, setSample] = useState(() => t('sampleText'))
  const [query, setQuery] = useState('')
  const [notice, setNotice] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null)
  const sampleId = useId()
  const shown = useMemo(() => {
    const all = fonts.status === 'ready' ? fonts.value : []
    const q = query.trim().toLowerCase()
    return all.filter((f) => q === '' || f.family.toLowerCase().includes(q))
  }, [fonts, query])
  const uploaded = fonts.status === 'ready' ? fonts.value.filter((f) => f.source !== 'bundled') : []
  return (
    <ListPage
      title={t('title')}
      intro={
        <>
          <p className="bo-muted">{t('intro')}</p>
          {notice ? (
            <Notice tone={notice.tone} live={notice.tone === 'danger' ? 'assertive' : 'polite'}>
              <p>{notice.text}</p>
            </Notice>
          ) : null}
          <FontUpload
            uploaded={uploaded}
            onDone={(text) => {
              setNotice({ tone: 'success', text })
              void reload()
            }}
          />
          <div className="bo-fonts__sample">
            <label htmlFor={sampleId}>{t('sample')}</label>
            <input
              id={sampleId}
              className="ui-input"
              value={sample}
              maxLength={120}
              onChange={(e) => setSample(e.target.value)}
            />
          </div>
        </>
      }
      search={{ value: query, onChange: setQuery }}
      count={shown.length}
      state={fonts}
      failedText={t('error.listLoad')}
      retry={reload}
    >
      {() => (
        <ul className="bo-fonts__list" aria-label={t('listLabel')}>
          {shown.map((font) => (
            <FontCard
              key={font.id}
              font={font}
              sample={sample}
              onDeleted={() => {
                setNotice({ tone: 'success', text: t('deleted', { family: font.family }) })
                void reload()
              }}
              onFailed={(text) => setNotice({ tone: 'danger', text })}
            />
          ))}
        </ul>
      )}
    </ListPage>
  )
}

function FontCard({
  font,
  sample,
  onDeleted,
  onFailed,
}: {
  font: FontItem
  sample: string
  onDeleted: () => void
  onFailed: (text: string) => void
}) {
  const t = useT('bo-fonts')
  const variant = font.variants.includes('regular') ? 'regular' : font.variants[0]
  useFontStylesheet(variant ? font.family : undefined, variant)
  const [confirming, setConfirming] = useState(false)
  const [busy, setBusy] = useState(false)
  const headingId = useId()
  const remove = async () => {
    setBusy(true)
    try {
      await apiSend('DELETE', `/fonts/${encodeURIComponent(font.id)}?version=${font.version}`)
      onDeleted()
    } catch (error) {
      onFailed(messageOf(error, t('error.delete')))
      setConfirming(false)
    } finally {
      setBusy(false)
    }
  }
  return (
    <li className="bo-fonts__card" aria-labelledby={headingId}>
      <div className="bo-fonts__head">
        <h2 id={headingId}>{font.family}</h2>
        <span className="bo-fonts__source">{font.source === 'bundled' ? t('bundled') : t('uploaded')}</span>
      </div>
      <p className="bo-fonts__preview" style={{ fontFamily: previewFamily(font.family, font.category) }}>
        {sample || t('sampleText')}
      </p>
      <p className="bo-muted bo-fonts__variants">
        {font.variants.length > 0 ? font.variants.map((v) => variantLabel(t, v)).join(' · ') : t('noFiles')}
      </p>
      {font.source === 'bundled' ? null : confirming ? (
        <div className="bo-fonts__confirm">
          <span>{t('confirmDelete', { family: font.family })}</span>
          <Button small variant="danger" disabled={busy} onClick={() => void remove()}>
            {t('delete')}
          </Button>
          <Button small variant="secondary" onClick={() => setConfirming(false)}>
            {t('cancel')}
          </Button>
        </div>
      ) : (
        <Button small variant="secondary" onClick={() => setConfirming(true)}>
          {t('deleteFamily', { family: font.family })}
        </Button>
      )}
    </li>
  )
}

/** A font file for a family (new or uploaded before) and a variant. */
function FontUpload({ uploaded, onDone }: { uploaded: FontItem[]; onDone: (text: string) => void }) {
  const t = useT('bo-fonts')
  const ids = { family: useId(), variant: useId(), file: useId(), families: useId() }
  const [family, setFamily] = useState('')
  const [variant, setVariant] = useState('regular')
  const file = useRef<HTMLInputElement>(null)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const chosen = file.current?.files?.[0]
    const missing: Record<string, string> = {}
    if (family.trim() === '') missing.family = t('required')
    if (!chosen) missing.data = t('required')
    setErrors(missing)
    if (!chosen || Object.keys(missing).length > 0) return
    setBusy(true)
    try {
      const name = family.trim()
      let font = uploaded.find((f) => f.family.toLowerCase() === name.toLowerCase())
      font ??= await createResource<FontItem>('fonts', { family: name, variants: [variant] })
      await uploadFontFile(font, variant, chosen)
      setFamily('')
      if (file.current) file.current.value = ''
      onDone(t('uploadedDone', { family: name, variant: variantLabel(t, variant) }))
    } catch (error) {
      const list = error instanceof FontUploadError ? error.errors : []
      const byField: Record<string, string> = {}
      for (const e of list) byField[e.field === 'family' ? 'family' : 'data'] ??= e.message
      if (Object.keys(byField).length === 0) byField.data = messageOf(error, t('error.upload'))
      setErrors(byField)
    } finally {
      setBusy(false)
    }
  }
  return (
    <form className="bo-fonts__upload" onSubmit={(e) => void submit(e)} noValidate>
      <h2>{t('upload.title')}</h2>
      <Field label={t('upload.family')} error={errors.family} required>
        <input
          id={ids.family}
          className="ui-input"
          list={ids.families}
          value={family}
          required
          onChange={(e) => setFamily(e.target.value)}
        />
      </Field>
      <datalist id={ids.families}>
        {uploaded.map((f) => (
          <option key={f.id} value={f.family} />
        ))}
      </datalist>
      <Field label={t('upload.variant')}>
        <select
          id={ids.variant}
          className="ui-select"
          value={variant}
          onChange={(e) => setVariant(e.target.value)}
        >
          {FONT_VARIANTS.map((v) => (
            <option key={v} value={v}>
              {variantLabel(t, v)}
            </option>
          ))}
        </select>
      </Field>
      <Field label={t('upload.file')} hint={t('upload.fileHint')} error={errors.data} required>
        <input
          id={ids.file}
          ref={file}
          className="ui-input"
          type="file"
          accept=".woff2,.woff,.ttf,.otf"
          required
        />
      </Field>
      <Button type="submit" disabled={busy}>
        {t('upload.submit')}
      </Button>
    </form>
  )
}
