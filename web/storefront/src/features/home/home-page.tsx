import './home.css'
import { useHead } from '../../lib/head.ts'
import { useShop } from '../../lib/shop-data.tsx'
import { BranchList } from './branch-list.tsx'
import { homeDescription, homeTitle, teaserBranch } from './home.view.ts'
import { TeaserHome } from './teaser-home.tsx'

/**
 * Route `/` (spec §1, §2 "Branch list (home)"): the branch list, or with exactly one public
 * branch the teaser home page (order online, call, route; hours and contact).
 */
export function HomePage() {
  const { config, branches } = useShop()
  useHead({ title: homeTitle(config), description: homeDescription(config) })
  const single = teaserBranch(branches)
  return (
    <main id="main" className={single ? 'home home--single' : 'home'}>
      {single ? <TeaserHome branch={single} /> : <BranchList />}
    </main>
  )
}
