import { type BranchCard as BranchCardTexts, branchCard } from '@shop/shared/domain/scheduling'
import { Icon } from '@shop/ui'
import { paths } from '@shop/ui/routes'
import { Link } from 'react-router'
import { BranchWeekDetails } from '../../lib/branch-hours.tsx'
import { useLocale, useT } from '../../lib/i18n.tsx'
import { type Branch, imageSrcSet, imageUrl, type Tag } from '../../lib/shop-data.tsx'
import { branchHours } from './home.view.ts'

/** Card images are shown 16:9; the attributes reserve the space before the image arrives. */
const IMAGE_WIDTH = 640
const IMAGE_HEIGHT = 360
const IMAGE_SIZES = '(min-width: 1120px) 352px, (min-width: 720px) 50vw, 100vw'

/**
 * One branch of the list (spec §2): first image as header, logo, name, address, open state
 * with hours and pickup window. The whole card is clickable through the name's link.
 */
export function BranchCardItem({
  branch,
  now,
  tags,
  eager,
}: {
  branch: Branch
  now: Date
  tags: readonly Tag[]
  /** Above the fold: load the header image at once. */
  eager: boolean
}) {
  const t = useT('sf-home')
  const { locale } = useLocale()
  const card = branchCard(branchHours(branch), now, { locale })
  const image = branch.images[0]
  const town = [branch.zipCode, branch.city].filter(Boolean).join(' ')
  const tagNames = branch.tags
    .map((ref) => tags.find((tag) => tag.id === ref.id)?.name)
    .filter((name): name is string => Boolean(name))
  const titleId = `home-card-${branch.identifier}`
  return (
    <li className={branch.isPublic ? 'home-card' : 'home-card home-card--inactive'}>
      <article className="home-card__inner" aria-labelledby={titleId}>
        <div className="home-card__media">
          {image ? (
            <img
              className="home-card__image"
              src={imageUrl(image, 'small')}
              srcSet={imageSrcSet(image)}
              sizes={IMAGE_SIZES}
              width={IMAGE_WIDTH}
              height={IMAGE_HEIGHT}
              loading={eager ? 'eager' : 'lazy'}
              decoding="async"
              alt=""
            />
          ) : (
            <div className="home-card__placeholder" aria-hidden="true">
              <span>{branch.city || branch.name}</span>
            </div>
          )}
          {branch.logo ? (
            <img
              className="home-card__logo"
              src={imageUrl(branch.logo, 'thumbnail')}
              width={56}
              height={56}
              loading="lazy"
              decoding="async"
              alt=""
            />
          ) : null}
        </div>
        <div className="home-card__body">
          <div className="home-card__badges">
            {branch.isPublic ? (
              <StatusBadge card={card} />
            ) : (
              <span className="ui-badge home-card__inactive">{t('card.inactive')}</span>
            )}
          </div>
          <h3 className="home-card__title" id={titleId}>
            <Link className="home-card__link" to={paths.store(branch.identifier)}>
              {branch.name}
            </Link>
          </h3>
          {branch.street || town ? (
            <p className="home-card__line">
              <Icon name="pin" />
              <span>
                <span className="ui-visually-hidden">{t('card.address')}: </span>
                {branch.street ? <span className="home-card__street">{branch.street}</span> : null}
                {branch.street && town ? ', ' : null}
                {town ? <span className="home-card__town">{town}</span> : null}
              </span>
            </p>
          ) : null}
          {card.hours.key === 'scheduling:card.closed' ? null : (
            <p className="home-card__line home-card__hours">
              <Icon name="clock" />
              <span>{card.hours.text}</span>
            </p>
          )}
          {card.pickup && branch.isPublic ? (
            <p className="home-card__line home-card__pickup">
              <Icon name="bag" />
              <span>{card.pickup.text}</span>
            </p>
          ) : null}
          {tagNames.length > 0 ? (
            <ul className="home-card__tags">
              {tagNames.map((name) => (
                <li key={name}>{name}</li>
              ))}
            </ul>
          ) : null}
          {/* Issue 18: the week's opening and delivery hours, today's exceptions and the phone. */}
          <BranchWeekDetails
            className="home-card__details"
            branch={branch}
            now={now.getTime()}
            id={`home-week-${branch.identifier}`}
            heading="h4"
          />
          <span className="home-card__cta" aria-hidden="true">
            {t('card.cta')}
            <Icon name="chevronRight" />
          </span>
        </div>
      </article>
    </li>
  )
}

/** Open / closing soon / closed as text with an icon, never colour alone. */
export function StatusBadge({ card }: { card: BranchCardTexts }) {
  const t = useT('sf-home')
  if (card.status === 'closingSoon')
    return (
      <span className="ui-badge ui-badge--warning home-status home-status--soon">
        <Icon name="clock" />
        {card.closingSoon?.text ?? t('scheduling:card.closingSoon')}
      </span>
    )
  if (card.status === 'open')
    return (
      <span className="ui-badge ui-badge--success home-status home-status--open">
        <Icon name="check" />
        {t('scheduling:status.open')}
      </span>
    )
  return (
    <span className="ui-badge home-status home-status--closed">
      <Icon name="close" />
      {t('scheduling:status.closed')}
    </span>
  )
}
