import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api/client';
import { i18n, type Language } from '../../../lib/i18n';
import { notifySuccess } from '../../../lib/notify';
import { docsQueryKey } from '../../../lib/api/query-keys';

export const adminDocsQueryKey = (slug: string, lang: Language) =>
  ['admin', 'docs', slug, lang] as const;

/** GET /api/admin/docs/{slug}/{lang}: the section's Markdown as stored, and who saved it last. */
export const adminDocsSectionQueryOptions = (slug: string, lang: Language) =>
  queryOptions({
    queryKey: adminDocsQueryKey(slug, lang),
    queryFn: ({ signal }) =>
      api.GET('/api/admin/docs/{slug}/{lang}', { params: { path: { slug, lang } }, signal }),
    // The editor shows the failure in place.
    meta: { silent: true },
  });

export const useAdminDocsSection = (slug: string, lang: Language) =>
  useQuery(adminDocsSectionQueryOptions(slug, lang));

/** PUT /api/admin/docs/{slug}/{lang}: replaces the Markdown; the public page follows at once. */
export function useSaveDocsSection() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ slug, lang, markdown }: { slug: string; lang: Language; markdown: string }) =>
      api.PUT('/api/admin/docs/{slug}/{lang}', {
        params: { path: { slug, lang } },
        body: { markdown },
      }),
    // The editor shows the refusal beside the text.
    meta: { silent: true },
    onSuccess: (answer, { slug, lang }) => {
      notifySuccess(i18n.t('admin-docs:saved'));
      client.setQueryData(adminDocsQueryKey(slug, lang), answer.section);
      return client.invalidateQueries({ queryKey: docsQueryKey });
    },
  });
}
