/** The first page's catalogues in one request (build/first-catalogues.ts). */
declare module 'virtual:first-catalogues' {
  /** Namespace → its catalogue, for a language and page path (undefined: an address no page has). */
  export function loadFirstCatalogues(
    language: string,
    path: string | undefined,
  ): Promise<{ default: Record<string, unknown> }> | undefined;
}
