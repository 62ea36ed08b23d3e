/** The 'retry' of a failed quiz load reloads the page (docs/product.md#errors); one place so tests can replace it. */
export function reloadPage() {
  window.location.reload();
}
