import { filterBranches, toggleTag } from '@shop/shared/domain/catalogue'
import { Button, Icon } from '@shop/ui'
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react'
import { useSearchParams } from 'react-router'
import { useT } from '../../lib/i18n.tsx'
import { useShop } from '../../lib/shop-data.tsx'
import { useNow } from '../../lib/use-now.ts'
import { BranchCardItem } from './branch-card.tsx'
import { HomeIntro } from './home-intro.tsx'

/** Cards in the first row load their image at once; the rest when scrolled near. */
const EAGER_CARDS = 1

/**
 * The branch list (spec §2 "Branch list (home)", §4 tag filter, §5 branch search). Term and
 * tag live in the URL (?q=, ?tag=), so coming back from a branch keeps the filter.
 */
export function BranchList() {
  const t = useT('sf-home')
  const { branches, tags } = useShop()
  const now = useNow()
  const [params, setParams] = useSearchParams()
  const [term, setTerm] = useState(() => params.get('q') ?? '')
  const [tagId, setTagId] = useState<string | null>(() => params.get('tag'))
  const resultsRef = useRef<HTMLElement>(null)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const searchId = useId()
  const tagsLabelId = useId()

  // The address and the fields stay in step both ways: typing rewrites the address (replace,
  // no history entry per key); a navigation to another address (the "Start" link, back)
  // resets the fields. `written` is the last address either side produced.
  const written = useRef(params.toString())
  useEffect(() => {
    const current = params.toString()
    if (current === written.current) return
    written.current = current
    setTerm(params.get('q') ?? '')
    setTagId(params.get('tag'))
  }, [params])
  useEffect(() => {
    const next = new URLSearchParams()
    if (term.trim() !== '') next.set('q', term)
    if (tagId !== null) next.set('tag', tagId)
    if (next.toString() === written.current) return
    written.current = next.toString()
    setParams(next, { replace: true, preventScrollReset: true })
  }, [term, tagId, setParams])

  const result = useMemo(() => filterBranches(branches, { term, tagId }, tags), [branches, term, tagId, tags])
  // Spec §4: only available tags are offered; the selected one stays so it can be cleared.
  const shownTags = tags.filter((tag) => result.availableTagIds.includes(tag.id) || tag.id === tagId)
  const message =
    result.message === null
      ? ''
      : result.shown === 0
        ? t('results.none')
        : t('results.shown', { shown: result.shown, total: result.total })

  function onSubmit(event: FormEvent) {
    event.preventDefault()
    // Spec §5: submitting scrolls to the results; focus follows, so the keyboard closes.
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches
    resultsRef.current?.scrollIntoView({ behavior: reduced ? 'auto' : 'smooth', block: 'start' })
    headingRef.current?.focus({ preventScroll: true })
  }

  function reset() {
    setTerm('')
    setTagId(null)
  }

  return (
    <>
      <HomeIntro>
        <search className="home-search">
          <form onSubmit={onSubmit}>
            <label className="home-search__label" htmlFor={searchId}>
              {t('search.label')}
            </label>
            <div className="home-search__row">
              <div className="home-search__field">
                <Icon name="search" />
                <input
                  id={searchId}
                  className="ui-input home-search__input"
                  type="search"
                  name="q"
                  inputMode="search"
                  autoComplete="off"
                  enterKeyHint="search"
                  placeholder={t('search.placeholder')}
                  value={term}
                  onChange={(event) => setTerm(event.target.value)}
                />
              </div>
              <Button type="submit" className="home-search__submit">
                {t('search.submit')}
              </Button>
            </div>
          </form>
        </search>
      </HomeIntro>

      <section className="ui-container home-results" ref={resultsRef} aria-labelledby="home-results-title">
        <div className="home-results__head">
          <h2 className="home-results__title" id="home-results-title" ref={headingRef} tabIndex={-1}>
            {t('results.heading')}
          </h2>
          {shownTags.length > 0 ? (
            <fieldset className="home-tags" aria-describedby={`${tagsLabelId}-hint`}>
              <legend className="ui-visually-hidden">{t('tags.label')}</legend>
              <span className="ui-visually-hidden" id={`${tagsLabelId}-hint`}>
                {t('tags.hint')}
              </span>
              <ul className="home-tags__list">
                {shownTags.map((tag) => {
                  const pressed = tag.id === tagId
                  return (
                    <li key={tag.id}>
                      <button
                        type="button"
                        className="home-tag"
                        aria-pressed={pressed}
                        onClick={() => setTagId((selected) => toggleTag(selected, tag.id))}
                      >
                        {pressed ? <Icon name="check" /> : null}
                        {tag.name}
                      </button>
                    </li>
                  )
                })}
              </ul>
            </fieldset>
          ) : null}
        </div>

        <div className="home-results__status" role="status">
          {message ? (
            <p
              className={
                result.shown === 0
                  ? 'home-results__message home-results__message--none'
                  : 'home-results__message'
              }
            >
              {result.shown === 0 ? <Icon name="info" /> : null}
              <span>{message}</span>
            </p>
          ) : null}
        </div>
        {result.shown === 0 && result.message !== null ? (
          <Button variant="secondary" small onClick={reset}>
            {t('results.reset')}
          </Button>
        ) : null}

        {result.branches.length > 0 ? (
          <ul className="home-grid">
            {result.branches.map((branch, index) => (
              <BranchCardItem
                key={branch.id}
                branch={branch}
                now={now}
                tags={tags}
                eager={index < EAGER_CARDS}
              />
            ))}
          </ul>
        ) : null}
      </section>
    </>
  )
}
