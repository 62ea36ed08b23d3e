/** Only http(s) URLs become links (the server stores nothing else, but the page does not rely on it). */
export const linkableUrl = (url: string | null): string | null =>
  url && /^https?:\/\//i.test(url) ? url : null;
