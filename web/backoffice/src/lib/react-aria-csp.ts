/**
 * react-aria's press handling (every react-aria-components button, combobox, list box) puts an
 * inline `<style id="react-aria-pressable-style">` into the page's head the first time it is
 * used, unless an element with that id is already there. The back-office's Content-Security-
 * Policy (`style-src 'self'`) refuses inline styles, so a marker element with the id takes its
 * place and the one rule it holds (touch-action on pressable elements) is in
 * react-aria-csp.css. Import this module in any file that uses react-aria-components.
 */
import './react-aria-csp.css'

const STYLE_ID = 'react-aria-pressable-style'

if (typeof document !== 'undefined' && !document.getElementById(STYLE_ID)) {
  const marker = document.createElement('meta')
  marker.id = STYLE_ID
  document.head.append(marker)
}
