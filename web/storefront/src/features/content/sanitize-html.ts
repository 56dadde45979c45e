/**
 * Formatted text (spec §3 field-type catalogue: wysiwyg) is HTML written by staff. Before it
 * reaches `dangerouslySetInnerHTML` it is parsed (DOMParser: an inert document, nothing runs,
 * nothing loads) and re-serialised from an allow-list: unknown elements are unwrapped, elements
 * whose content is code or UI are dropped with their content, and only the listed attributes
 * survive, URLs only with a safe scheme. The output is built as a string by us, never by the
 * parser's own serialiser, so what we emit is exactly what we checked.
 *
 * The allow-list and the walker live in `@shop/shared/domain/content/rich-text-markup.ts`, where
 * the back-office's rich-text editor reads them too (docs/content.md "Rich text"): what the editor
 * stores is exactly what this keeps.
 */
import { type HtmlNode, serializeAllowed } from '@shop/shared/domain/content/rich-text-markup.ts'

export {
  ALLOWED_TAGS,
  allowedAttribute,
  DROPPED_TAGS,
  type HtmlNode,
  isSafeUrl,
  serializeAllowed,
} from '@shop/shared/domain/content/rich-text-markup.ts'

/** Staff HTML → HTML safe to insert. Needs DOMParser (the browser). */
export function sanitizeHtml(html: string): string {
  if (!html) return ''
  const doc = new DOMParser().parseFromString(`<!doctype html><body>${html}`, 'text/html')
  return serializeAllowed(doc.body as unknown as HtmlNode)
}
