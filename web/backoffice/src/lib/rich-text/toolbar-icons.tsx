import { PathIcon } from '@shop/ui'

// The rich-text toolbar's icons (24 px grid strokes, as @shop/ui's set): kept here, not in the
// set every storefront page loads (the menu page's JavaScript budget, docs/benchmarks.md).
const TOOLBAR_PATHS = {
  bold: 'M7 4h6a3.5 3.5 0 0 1 0 7H7V4Zm0 7h7a4.5 4.5 0 0 1 0 9H7v-9Z',
  italic: 'M19 4h-9M14 20H5M15 4 9 20',
  underline: 'M6 4v6a6 6 0 0 0 12 0V4M4 21h16',
  strike: 'M16 4H9a3 3 0 0 0-2.8 4M14 12a4 4 0 0 1 0 8H6M4 12h16',
  bulletList: 'M9 6h12M9 12h12M9 18h12M4 6h.01M4 12h.01M4 18h.01',
  orderedList: 'M10 6h11M10 12h11M10 18h11M4 6h1v4M4 10h2M6 18H4c0-1 2-2 2-3s-1-1.5-2-1',
  quote: 'M10 6H5v5h5V6Zm0 5c0 3.5-1.5 5.5-4.5 7M19 6h-5v5h5V6Zm0 5c0 3.5-1.5 5.5-4.5 7',
  rule: 'M3 12h18M8 8l4-4 4 4m0 8-4 4-4-4',
  heading: 'M6 4v16M18 4v16M6 12h12',
  paragraph: 'M13 4v16M17 4v16M19 4H9.5a4.5 4.5 0 0 0 0 9H13',
  link: 'M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7',
  unlink:
    'M18.8 12.3l1.7-1.8a5 5 0 0 0-7-7l-1.7 1.7M5.2 11.7l-1.7 1.8a5 5 0 0 0 7 7l1.7-1.7M8 2v3M2 8h3M16 19v3M19 16h3',
  image:
    'M5 3h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2Zm16 12-5-5L5 21M8.5 10a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3Z',
  file: 'M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8l-6-6Zm0 0v6h6M8 13h8M8 17h5',
  video: 'M4 4h16a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2Zm6 5v6l5-3-5-3Z',
  pencil: 'M17 3a2.8 2.8 0 1 1 4 4L7.5 20.5 2 22l1.5-5.5L17 3Z',
  floatLeft: 'M3 5h7v7H3V5Zm11 0h7M14 9h7M3 16h18M3 20h18',
  floatNone: 'M7 4h10v8H7V4ZM3 16h18M3 20h18',
  floatRight: 'M14 5h7v7h-7V5ZM3 5h7M3 9h7M3 16h18M3 20h18',
  tableInsert:
    'M5 3h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2ZM3 9h18M3 15h18M9 3v18M15 3v18',
  tableHeader:
    'M5 3h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2ZM3 9h18M3 15h18M12 9v12M7 6h10',
  rowAdd: 'M5 3h14a2 2 0 0 1 2 2v6H3V5a2 2 0 0 1 2-2ZM3 7h18M12 15v6M9 18h6',
  rowDelete: 'M5 3h14a2 2 0 0 1 2 2v6H3V5a2 2 0 0 1 2-2ZM3 7h18M9 18h6',
  columnAdd: 'M11 3H5a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h6V3ZM7 3v18M18 9v6M15 12h6',
  columnDelete: 'M11 3H5a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h6V3ZM7 3v18M15 12h6',
  tableDelete: 'M21 11V5a2 2 0 0 0-2-2H5a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h6M3 9h18M9 3v18M15 15l6 6m0-6-6 6',
  undo: 'M9 14 4 9l5-5M4 9h10.5a5.5 5.5 0 0 1 0 11H11',
  redo: 'M15 14l5-5-5-5M20 9H9.5a5.5 5.5 0 0 0 0 11H13',
} as const

export type ToolbarIconName = keyof typeof TOOLBAR_PATHS

export function ToolbarIcon({ name }: { name: ToolbarIconName }) {
  return <PathIcon d={TOOLBAR_PATHS[name]} />
}
