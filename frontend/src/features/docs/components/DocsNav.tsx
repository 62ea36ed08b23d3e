import { NavLink, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { DOC_GROUPS, docsPath } from '../../../lib/doc-sections';

/** The grouped sidebar: one list per group, the current section marked for sighted and AT users. */
export function DocsNav({
  id,
  active,
  onNavigate,
}: {
  /** Prefix for the group headings' ids (the sidebar is drawn twice: wide screens and phones). */
  id: string;
  active: string | undefined;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation('docs');
  return (
    <Stack component="nav" aria-label={t('contents')} gap="lg">
      {DOC_GROUPS.map((group, index) => {
        const headingId = `${id}-group-${index}`;
        return (
          <div key={group.id}>
            <Text id={headingId} size="xs" fw={700} c="gray.7" tt="uppercase" mb={6} px="sm">
              {t(`groups.${group.id}`)}
            </Text>
            <Stack
              component="ul"
              aria-labelledby={headingId}
              gap={2}
              m={0}
              p={0}
              style={{ listStyle: 'none' }}
            >
              {group.sections.map((section) => {
                const current = section.slug === active;
                return (
                  <li key={section.slug}>
                    <NavLink
                      component={Link}
                      to={docsPath(section.slug)}
                      label={t(`sections.${section.slug}`)}
                      active={current}
                      aria-current={current ? 'page' : undefined}
                      onClick={onNavigate}
                      style={{ borderRadius: 'var(--mantine-radius-sm)' }}
                    />
                  </li>
                );
              })}
            </Stack>
          </div>
        );
      })}
    </Stack>
  );
}
