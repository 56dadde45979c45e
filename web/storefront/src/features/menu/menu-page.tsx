/** Placeholder: being built (issue 5). */
export function MenuPage() {
  return <main id="main" className="ui-container" />
}
