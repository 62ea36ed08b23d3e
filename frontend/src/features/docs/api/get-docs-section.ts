import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { docsQueryKey } from '../../../lib/api/query-keys';
import type { Language } from '../../../lib/i18n';

export const docsSectionQueryKey = (slug: string, lang: Language) =>
  [...docsQueryKey, 'section', slug, lang] as const;

/**
 * GET /api/docs-sections/{slug}?lang= → the section's Markdown in one language, read from the database
 * (the seller edits it at /admin/docs); empty Markdown: the section is being written.
 */
export const docsSectionQueryOptions = (slug: string, lang: Language) =>
  queryOptions({
    queryKey: docsSectionQueryKey(slug, lang),
    queryFn: ({ signal }) =>
      api.GET('/api/docs-sections/{slug}', {
        params: { path: { slug }, query: { lang } },
        signal,
      }),
  });

export const useDocsSection = (slug: string, lang: Language) =>
  useQuery(docsSectionQueryOptions(slug, lang));
