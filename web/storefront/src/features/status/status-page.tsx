/** Placeholder: being built (issue 5). */
export function StatusPage() {
  return <main id="main" className="ui-container" />
}
