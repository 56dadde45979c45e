/** Placeholder: being built (issue 5). */
export function HomePage() {
  return <main id="main" className="ui-container" />
}
