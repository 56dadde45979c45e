import { body, comment, el, text } from '@shop/shared/domain/content/testing/html-nodes.ts'
import { describe, expect, it } from 'vitest'
import { allowedAttribute, isSafeUrl, serializeAllowed } from './sanitize-html.ts'

describe('isSafeUrl', () => {
  const href = ['http', 'https', 'mailto', 'tel']
  it('keeps web, mail, phone and relative links', () => {
    for (const url of [
      'https://example.com/a?b=c',
      'http://example.com',
      'mailto:info@example.com',
      'tel:+41442511898',
      '/ueber-uns',
      'agb',
      '#top',
      '?q=1',
      '//cdn.example.com/x.png',
    ]) {
      expect(isSafeUrl(url, href), url).toBe(true)
    }
  })

  it('refuses script and data URLs, also when disguised', () => {
    for (const url of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'java\nscript:alert(1)',
      '\u0001javascript:alert(1)',
      'vbscript:msgbox(1)',
      'data:text/html;base64,PHNjcmlwdD4=',
      'file:///etc/passwd',
    ]) {
      expect(isSafeUrl(url, href), JSON.stringify(url)).toBe(false)
    }
  })

  it('allows only http(s) for image sources', () => {
    expect(isSafeUrl('mailto:x@example.com', ['http', 'https'])).toBe(false)
    expect(isSafeUrl('/image/medium/a-1.jpg', ['http', 'https'])).toBe(true)
  })
})

describe('allowedAttribute', () => {
  it('drops event handlers, style and class everywhere', () => {
    for (const tag of ['p', 'a', 'img', 'span', 'td']) {
      expect(allowedAttribute(tag, 'onerror', 'alert(1)')).toBeNull()
      expect(allowedAttribute(tag, 'onClick', 'alert(1)')).toBeNull()
      expect(allowedAttribute(tag, 'style', 'background:url(javascript:x)')).toBeNull()
      expect(allowedAttribute(tag, 'class', 'x')).toBeNull()
    }
  })

  it('keeps the listed attributes with checked values', () => {
    expect(allowedAttribute('a', 'href', 'https://example.com')).toBe('https://example.com')
    expect(allowedAttribute('a', 'href', 'javascript:alert(1)')).toBeNull()
    expect(allowedAttribute('a', 'target', '_blank')).toBe('_blank')
    expect(allowedAttribute('a', 'target', '_parent')).toBeNull()
    expect(allowedAttribute('img', 'src', 'x')).toBe('x')
    expect(allowedAttribute('img', 'width', '640')).toBe('640')
    expect(allowedAttribute('img', 'width', '100%;x')).toBeNull()
    expect(allowedAttribute('td', 'colspan', '2')).toBe('2')
    expect(allowedAttribute('p', 'href', '/x')).toBeNull()
  })
})

describe('serializeAllowed', () => {
  it('keeps allowed formatting and escapes text', () => {
    const html = serializeAllowed(
      body(
        el('h2', {}, text('Über uns')),
        el('p', {}, text('Brot & Wurst <seit> 1898'), el('br'), el('strong', {}, text('fett'))),
        el('ul', {}, el('li', {}, text('a')), el('li', {}, text('b'))),
      ),
    )
    expect(html).toBe(
      '<h2>Über uns</h2><p>Brot &amp; Wurst &lt;seit&gt; 1898<br><strong>fett</strong></p><ul><li>a</li><li>b</li></ul>',
    )
  })

  it('drops scripts with their content and event handlers', () => {
    const html = serializeAllowed(
      body(
        el('img', { src: 'x', onerror: 'alert(1)' }),
        el('script', {}, text('alert(2)')),
        el('p', { onclick: 'alert(3)', style: 'color:red' }, text('ok')),
      ),
    )
    expect(html).toBe('<img src="x"><p>ok</p>')
  })

  it('unwraps unknown elements and keeps their text', () => {
    expect(serializeAllowed(body(el('div', { class: 'x' }, el('p', {}, text('a')), text('b'))))).toBe(
      '<p>a</p>b',
    )
  })

  it('drops dangerous containers, comments and unsafe links', () => {
    const html = serializeAllowed(
      body(
        el('iframe', { src: 'https://evil.example' }, text('x')),
        el('svg', {}, el('a', { href: 'javascript:alert(1)' }, text('svg'))),
        el('style', {}, text('p{}')),
        comment('<script>'),
        el('a', { href: 'javascript:alert(1)' }, text('klick')),
        el('img', { src: 'javascript:alert(1)', alt: 'x' }),
      ),
    )
    expect(html).toBe('<a>klick</a>')
  })

  it('adds rel noopener to links opening a new tab and escapes attribute values', () => {
    const html = serializeAllowed(
      body(el('a', { href: 'https://example.com/?a="b"&c', target: '_blank' }, text('x'))),
    )
    expect(html).toBe(
      '<a href="https://example.com/?a=&quot;b&quot;&amp;c" target="_blank" rel="noopener noreferrer">x</a>',
    )
  })

  it('stops at a pathological nesting depth', () => {
    let node = text('deep')
    for (let i = 0; i < 200; i += 1) node = el('span', {}, node)
    expect(serializeAllowed(body(node))).not.toContain('deep')
  })
})
