import type { HtmlNode } from '../rich-text-markup.ts'

// Tiny stand-ins for a parsed DOM (what DOMParser hands the shared allow-list walker in a
// browser), for the unit tests of the walker's users; the browser tests run the real parser.

export const text = (value: string): HtmlNode => ({
  nodeType: 3,
  nodeName: '#text',
  nodeValue: value,
  childNodes: [],
})

export const comment = (value: string): HtmlNode => ({
  nodeType: 8,
  nodeName: '#comment',
  nodeValue: value,
  childNodes: [],
})

export const el = (
  name: string,
  attributes: Record<string, string> = {},
  ...children: HtmlNode[]
): HtmlNode => ({
  nodeType: 1,
  nodeName: name.toUpperCase(),
  nodeValue: null,
  childNodes: children,
  attributes: Object.entries(attributes).map(([n, value]) => ({ name: n, value })),
})

export const body = (...children: HtmlNode[]) => el('body', {}, ...children)
