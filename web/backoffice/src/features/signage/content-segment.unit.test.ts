import type { HtmlNode } from '@shop/shared/domain/content/rich-text-markup.ts'
import { body, el, text } from '@shop/shared/domain/content/testing/html-nodes.ts'
import { describe, expect, it } from 'vitest'
import { contentBlocks, contentFields, MAX_BLOCKS, tvMarkup, withoutLinks } from './content-segment.ts'

// The browser test signage.e2e.test.ts runs the same with Chromium's parser.

describe('contentFields', () => {
  it('takes a simple page or default block: its body as formatted text', () => {
    expect(contentFields({ body: '<p>Frisch</p>' })).toEqual([{ kind: 'rich', html: '<p>Frisch</p>' }])
  })

  it('takes a standard page’s sections in order, plain titles as text, and skips configuration and media', () => {
    const content = {
      sections: [
        { type: 'text_section', id: 's1', text: '<h2>Brot</h2>' },
        {
          type: 'columns_section',
          appearance: '2',
          direction: 'horizontal',
          content: [
            { type: 'text', text: '<p>Links</p>' },
            { type: 'image', image: { id: 'i1', url: '/image/x.jpg', alt: 'Bild' } },
            {
              type: 'external_teaser',
              title: 'Zum <b>Markt</b>',
              link: 'https://example.ch',
              image: null,
            },
          ],
        },
        { type: 'gallery_section', appearance: '3', images: [{ id: 'g1', alt: 'Galerie' }] },
      ],
    }
    expect(contentFields(content)).toEqual([
      { kind: 'rich', html: '<h2>Brot</h2>' },
      { kind: 'rich', html: '<p>Links</p>' },
      { kind: 'plain', text: 'Zum Markt' },
    ])
  })

  it('takes a legacy block’s values and labels as plain text, and ignores empty fields', () => {
    const content = {
      data: [
        { type: 'text', value: 'Heute offen' },
        { type: 'textarea', value: 'Zeile 1\nZeile 2' },
        { type: 'gallery', label: 'Unsere Filiale', images: [] },
        { type: 'text', value: '   ' },
      ],
    }
    expect(contentFields(content)).toEqual([
      { kind: 'plain', text: 'Heute offen' },
      { kind: 'plain', text: 'Zeile 1 Zeile 2' },
      { kind: 'plain', text: 'Unsere Filiale' },
    ])
    expect(contentFields(null)).toEqual([])
    expect(contentFields({ body: '  ' })).toEqual([])
  })
})

describe('tvMarkup', () => {
  it('keeps the allowed formatting', () => {
    const tree = body(
      el('h2', {}, text('Angebot')),
      el('p', { class: 'rt-size-32' }, text('Heute '), el('strong', {}, text('frisch')), text(' & warm')),
      el('ul', {}, el('li', {}, text('Zopf')), el('li', {}, el('em', {}, text('Gipfeli')))),
    )
    expect(tvMarkup(tree, MAX_BLOCKS)).toEqual({
      html:
        '<h2>Angebot</h2><p class="rt-size-32">Heute <strong>frisch</strong> &amp; warm</p>' +
        '<ul><li>Zopf</li><li><em>Gipfeli</em></li></ul>',
      blocks: 3,
    })
  })

  it('removes scripts, event handlers, javascript: URLs and styles', () => {
    const tree = body(
      el('script', {}, text('alert(1)')),
      el('p', { onclick: 'alert(2)', style: 'color:red' }, text('Text')),
      el('img', { src: 'x', onerror: 'alert(3)', alt: 'Bild' }),
      el('img', { src: 'javascript:alert(4)', alt: 'weg' }),
      el('iframe', { src: 'https://example.com' }, text('Rahmen')),
    )
    const { html } = tvMarkup(tree, MAX_BLOCKS)
    expect(html).toBe('<p>Text</p><img src="x" alt="Bild">')
    expect(html).not.toMatch(/script|onerror|onclick|javascript:|style|iframe|alert/)
  })

  it('shows a link as its text: nothing to follow on a TV, a javascript: link included', () => {
    const tree = body(
      el(
        'p',
        {},
        text('Mehr auf '),
        el('a', { href: 'https://example.ch', target: '_blank' }, el('strong', {}, text('example.ch'))),
        text(' und '),
        el('a', { href: 'javascript:alert(1)' }, text('hier')),
      ),
    )
    expect(tvMarkup(tree, MAX_BLOCKS).html).toBe('<p>Mehr auf <strong>example.ch</strong> und hier</p>')
    // A link at the top is no block of its own kind: its text stays.
    expect(withoutLinks(body(el('a', { href: '/x' }, text('Start')))).childNodes).toHaveLength(1)
  })

  it('keeps at most the budget of top-level blocks, whitespace between them not counted', () => {
    const tree = body(
      el('p', {}, text('1')),
      text('\n  '),
      el('p', {}, text('2')),
      text('\n'),
      el('p', {}, text('3')),
    )
    expect(tvMarkup(tree, 2)).toEqual({ html: '<p>1</p><p>2</p>', blocks: 2 })
    expect(tvMarkup(tree, 0)).toEqual({ html: '', blocks: 0 })
  })
})

describe('contentBlocks', () => {
  it('parses each formatted field and stops after MAX_BLOCKS blocks in all', () => {
    const parsed: string[] = []
    const parse = (html: string): HtmlNode => {
      parsed.push(html)
      const count = Number(html)
      return body(...Array.from({ length: count }, (_, i) => el('p', {}, text(`${html}.${i + 1}`))))
    }
    const content = { sections: [{ text: '5' }, { title: 'Zwischentitel' }, { text: '10' }, { text: '3' }] }
    const blocks = contentBlocks(content, parse)
    expect(parsed).toEqual(['5', '10'])
    expect(blocks).toEqual([
      { kind: 'rich', html: '<p>5.1</p><p>5.2</p><p>5.3</p><p>5.4</p><p>5.5</p>' },
      { kind: 'plain', text: 'Zwischentitel' },
      {
        kind: 'rich',
        html: '<p>10.1</p><p>10.2</p><p>10.3</p><p>10.4</p><p>10.5</p><p>10.6</p>',
      },
    ])
    expect(MAX_BLOCKS).toBe(12)
  })
})
