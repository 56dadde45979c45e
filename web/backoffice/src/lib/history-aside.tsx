import { HistoryPanel } from './history/history-panel.tsx'
import type { StoredResource } from './resources.ts'

/** The resource's change history beside its editor (issue 17 item 7), restorable; folded until asked for. */
export function HistoryAside({
  resource,
  item,
  onRestored,
}: {
  resource: string
  item: StoredResource
  onRestored: (item: StoredResource) => void
}) {
  return (
    <HistoryPanel
      collapsible
      resource={resource}
      id={item.id}
      currentVersion={item.version}
      onRestored={(state) => onRestored(state as StoredResource)}
    />
  )
}
