/** Placeholder: being built (issue 5). */
export function LegalPage() {
  return <main id="main" className="ui-container" />
}
