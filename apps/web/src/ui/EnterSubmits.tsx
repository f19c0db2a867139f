/**
 * A native submit button, out of sight: with it, Enter in any field submits the form. Ionic's submit button is a
 * custom element, which browsers do not count for "implicit submission" when a form has several fields.
 */
export function EnterSubmits() {
  return <button type="submit" className="enter-submits" tabIndex={-1} aria-hidden="true" />;
}
