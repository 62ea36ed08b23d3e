import { Box, Burger, Collapse, Container, Flex, Group, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { DocsArticle, DocsNotFound } from '../features/docs/components/DocsArticle';
import { DocsNav } from '../features/docs/components/DocsNav';
import { DEFAULT_SECTION, findSection } from '../lib/doc-sections';
import { usePageTitle } from '../lib/use-page-title';

/** The page's catalogue (src/locales/<language>/docs.json), loaded with its code. */
export const namespaces = ['docs'];

/**
 * /docs and /docs/:section (docs/product.md#screens): a grouped sidebar and the section's content. The section lives in
 * the URL, so deep links and the back button work; /docs shows the introduction. On phones the sidebar
 * folds into a menu above the content. Markdown (SafeMarkdown) is only imported by this lazy page.
 */
export default function DocsPage() {
  const { t } = useTranslation('docs');
  const { section: slug } = useParams<{ section?: string }>();
  const section = findSection(slug);
  const active = slug ?? DEFAULT_SECTION;
  const [menuOpen, menu] = useDisclosure(false);
  const sectionTitle = section ? t(`sections.${section.slug}`) : null;
  usePageTitle(sectionTitle ? t('sectionTitle', { section: sectionTitle }) : t('title'));

  return (
    <Container size="lg" py={{ base: 'md', sm: 'xl' }} px={{ base: 'md', sm: 'xl' }}>
      <Flex gap={48} align="flex-start">
        <Box
          component="aside"
          w={220}
          visibleFrom="md"
          style={{ flexShrink: 0, position: 'sticky', top: 'var(--mantine-spacing-md)' }}
        >
          <DocsNav id="docs-nav" active={active} />
        </Box>

        <Box flex={1} miw={0}>
          <Box
            hiddenFrom="md"
            mb="lg"
            pb="sm"
            style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
          >
            <UnstyledButton
              onClick={menu.toggle}
              aria-expanded={menuOpen}
              aria-controls="docs-mobile-nav"
              py={6}
            >
              <Group gap="sm" wrap="nowrap">
                <Burger component="span" opened={menuOpen} size="sm" aria-hidden />
                <Text fw={600}>{t('contents')}</Text>
                {section && (
                  <Text c="gray.7" size="sm" truncate>
                    · {sectionTitle}
                  </Text>
                )}
              </Group>
            </UnstyledButton>
            <Collapse expanded={menuOpen} id="docs-mobile-nav">
              <Box pt="md">
                <DocsNav id="docs-nav-mobile" active={active} onNavigate={menu.close} />
              </Box>
            </Collapse>
          </Box>

          {section ? <DocsArticle section={section} /> : <DocsNotFound slug={slug ?? ''} />}
        </Box>
      </Flex>
    </Container>
  );
}
