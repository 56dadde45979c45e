import type { ReactNode } from 'react'
import { useShop } from '../../lib/shop-data.tsx'
import { introTitle } from './home.view.ts'

/** The optional intro block (config title and description); the h1 is always there. */
export function HomeIntro({ children }: { children?: ReactNode }) {
  const { config } = useShop()
  const title = introTitle(config)
  const description = typeof config.description === 'string' ? config.description.trim() : ''
  return (
    <section className="home-hero" aria-labelledby="home-title">
      <div className="ui-container home-hero__inner">
        <div className="home-hero__copy">
          <h1 id="home-title" className="home-hero__title">
            {title}
          </h1>
          {description ? <p className="home-hero__text">{description}</p> : null}
        </div>
        {children}
      </div>
    </section>
  )
}
