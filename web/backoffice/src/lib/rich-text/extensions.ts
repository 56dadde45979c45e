/**
 * The rich-text editor's schema (Tiptap), built from the shared allow-list
 * (`@shop/shared/domain/content/rich-text-markup.ts`) so that everything it writes passes the
 * storefront's sanitizer unchanged: headings 1–6, paragraphs (optionally 24, 28 or 32 px), bold,
 * italic, underline, strike, lists, block quotes, rules, tables (no widths, no styles), links
 * (new tab only with rel="noopener noreferrer"), images (floating left or right) and media links
 * to YouTube or Vimeo. Nothing here writes a style attribute, a data: URL or an iframe.
 */

import {
  floatClass,
  floatOfClass,
  fontSizeClass,
  fontSizeOfClass,
  IMAGE_SCHEMES,
  isSafeUrl,
  LINK_SCHEMES,
  MEDIA_CLASS,
  type MediaVideo,
  NEW_TAB_REL,
  parseVideoUrl,
  type RichTextFloat,
  type RichTextFontSize,
  videoUrl,
} from '@shop/shared/domain/content/rich-text-markup.ts'
import {
  type AnyExtension,
  Extension,
  mergeAttributes,
  Node,
  type CommandProps as TiptapCommandProps,
} from '@tiptap/core'
import Image from '@tiptap/extension-image'
import Link from '@tiptap/extension-link'
import { Table, TableCell, TableHeader, TableRow } from '@tiptap/extension-table'
import StarterKit from '@tiptap/starter-kit'

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    mediaLink: {
      /** Inserts a link to a video (YouTube, Vimeo) as its own block. */
      insertMediaLink: (video: MediaVideo, label: string) => ReturnType
    }
  }
}

/** A whole number attribute of an element, or null (the sanitizer keeps 1–5 digits only). */
function digits(el: HTMLElement, name: string): string | null {
  const value = el.getAttribute(name)?.trim() ?? ''
  return /^\d{1,5}$/.test(value) ? value : null
}

/** Paragraphs in 24, 28 or 32 px (spec §3): the class `rt-size-<px>`. */
const ParagraphSize = Extension.create({
  name: 'paragraphSize',
  addGlobalAttributes() {
    return [
      {
        types: ['paragraph'],
        attributes: {
          size: {
            default: null,
            parseHTML: (el: HTMLElement) => fontSizeOfClass(el.getAttribute('class')),
            renderHTML: (attrs: { size?: RichTextFontSize | null }) =>
              attrs.size ? { class: fontSizeClass(attrs.size) } : {},
          },
        },
      },
    ]
  },
})

/** Images as blocks: safe sources only, no title, optionally floating (`rt-float-left|right`). */
const RichImage = Image.extend({
  addAttributes() {
    return {
      src: { default: null },
      alt: { default: null },
      width: { default: null, parseHTML: (el: HTMLElement) => digits(el, 'width') },
      height: { default: null, parseHTML: (el: HTMLElement) => digits(el, 'height') },
      float: {
        default: null,
        parseHTML: (el: HTMLElement) => floatOfClass(el.getAttribute('class')),
        renderHTML: (attrs: { float?: RichTextFloat | null }) =>
          attrs.float ? { class: floatClass(attrs.float) } : {},
      },
    }
  },
  parseHTML() {
    return [
      {
        tag: 'img[src]',
        getAttrs: (el: HTMLElement) =>
          isSafeUrl(el.getAttribute('src') ?? '', IMAGE_SCHEMES) ? null : false,
      },
    ]
  },
}).configure({ inline: false, allowBase64: false })

/**
 * Links: safe schemes only; "open in a new tab" is `target="_blank"` and always comes with
 * rel="noopener noreferrer" (what the sanitizer adds too); no other target, rel or class.
 */
const RichLink = Link.extend({
  addAttributes() {
    return {
      href: {
        default: null,
        parseHTML: (el: HTMLElement) => {
          const href = el.getAttribute('href')
          return href && isSafeUrl(href, LINK_SCHEMES) ? href.trim() : null
        },
      },
      target: {
        default: null,
        parseHTML: (el: HTMLElement) => (el.getAttribute('target') === '_blank' ? '_blank' : null),
        renderHTML: (attrs: { target?: string | null }) =>
          attrs.target === '_blank' ? { target: '_blank', rel: NEW_TAB_REL } : {},
      },
      title: { default: null },
    }
  },
}).configure({
  openOnClick: false,
  autolink: true,
  linkOnPaste: true,
  defaultProtocol: 'https',
  HTMLAttributes: { target: null, rel: null, class: null },
  isAllowedUri: (url) => isSafeUrl(url, LINK_SCHEMES),
})

/** Tables as plain markup: no column widths, no styles, no wrapper. */
const RichTable = Table.extend({
  renderHTML() {
    return ['table', {}, ['tbody', 0]]
  },
}).configure({ resizable: false, HTMLAttributes: {} })

const cellAttributes = {
  colspan: { default: 1, parseHTML: (el: HTMLElement) => Number(digits(el, 'colspan') ?? 1) || 1 },
  rowspan: { default: 1, parseHTML: (el: HTMLElement) => Number(digits(el, 'rowspan') ?? 1) || 1 },
  // prosemirror-tables reads it; it is never stored.
  colwidth: { default: null, parseHTML: () => null, rendered: false },
}

const RichTableCell = TableCell.extend({
  addAttributes: () => cellAttributes,
  renderHTML({ HTMLAttributes }) {
    return ['td', withoutDefaultSpans(HTMLAttributes), 0]
  },
})
const RichTableHeader = TableHeader.extend({
  addAttributes: () => cellAttributes,
  renderHTML({ HTMLAttributes }) {
    return ['th', withoutDefaultSpans(HTMLAttributes), 0]
  },
})

function withoutDefaultSpans(attributes: Record<string, unknown>): Record<string, unknown> {
  const out = mergeAttributes(attributes)
  if (Number(out.colspan) === 1) delete out.colspan
  if (Number(out.rowspan) === 1) delete out.rowspan
  return out
}

/** The default text of a media link. */
export function defaultMediaLabel(video: MediaVideo): string {
  return video.provider === 'youtube' ? 'Video auf YouTube ansehen' : 'Video auf Vimeo ansehen'
}

/**
 * A video as a link (privacy-friendly: nothing loads from the platform until a visitor clicks;
 * the storefront shows it as a card with a play mark): `<p class="rt-media"><a href="…"
 * target="_blank" rel="noopener noreferrer">label</a></p>`.
 */
const MediaLink = Node.create({
  name: 'mediaLink',
  group: 'block',
  atom: true,
  selectable: true,
  draggable: true,
  addAttributes() {
    return {
      provider: { default: 'youtube', rendered: false },
      videoId: { default: '', rendered: false },
      label: { default: '', rendered: false },
    }
  },
  parseHTML() {
    return [
      {
        tag: `p.${MEDIA_CLASS}`,
        priority: 60,
        getAttrs: (el: HTMLElement) => {
          const a = el.querySelector('a[href]')
          const video = a ? parseVideoUrl(a.getAttribute('href') ?? '') : null
          if (!a || !video) return false
          return {
            provider: video.provider,
            videoId: video.id,
            label: a.textContent?.trim() || defaultMediaLabel(video),
          }
        },
      },
    ]
  },
  renderHTML({ node }) {
    const video = { provider: node.attrs.provider, id: node.attrs.videoId } as MediaVideo
    return [
      'p',
      { class: MEDIA_CLASS },
      ['a', { href: videoUrl(video), target: '_blank', rel: NEW_TAB_REL }, String(node.attrs.label)],
    ]
  },
  addCommands() {
    return {
      insertMediaLink:
        (video: MediaVideo, label: string) =>
        ({ commands }: TiptapCommandProps) =>
          commands.insertContent({
            type: this.name,
            attrs: {
              provider: video.provider,
              videoId: video.id,
              label: label.trim() || defaultMediaLabel(video),
            },
          }),
    }
  },
})

/** Every extension of the editor. */
export function richTextExtensions(): AnyExtension[] {
  return [
    StarterKit.configure({
      code: false,
      codeBlock: false,
      link: false,
      trailingNode: false,
      heading: { levels: [1, 2, 3, 4, 5, 6] },
    }),
    ParagraphSize,
    RichLink,
    RichImage,
    RichTable,
    TableRow,
    RichTableHeader,
    RichTableCell,
    MediaLink,
  ]
}
