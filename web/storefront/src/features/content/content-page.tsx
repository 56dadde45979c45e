/** Placeholder: being built (issue 5). */
export function ContentPage() {
  return <main id="main" className="ui-container" />
}
