/** Placeholder: being built (issue 5). */
export function CheckoutPage(_props: { paymentFailed?: boolean }) {
  return <main id="main" className="ui-container" />
}
