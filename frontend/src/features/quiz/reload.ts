/** The 'retry' of a failed quiz load reloads the page (spec §8); one place so tests can replace it. */
export function reloadPage() {
  window.location.reload();
}
