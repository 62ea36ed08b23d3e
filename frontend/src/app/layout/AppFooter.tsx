import { Anchor, Box, Container, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PreloadLink } from '../../components/PreloadLink';
import { appConfig } from '../../lib/config';

export function AppFooter() {
  const { t } = useTranslation();
  const brand = appConfig.brandName.toLowerCase();
  return (
    <Box
      component="footer"
      py="lg"
      bg="gray.0"
      style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
    >
      <Container size="lg">
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="gray.8">
            © {new Date().getFullYear()} {brand}
          </Text>
          <Group component="nav" aria-label={t('nav.footer')} gap="md">
            <Anchor component={PreloadLink} to="/routes" size="sm" c="gray.8">
              {t('nav.api')}
            </Anchor>
            <Anchor component={PreloadLink} to="/verify" size="sm" c="gray.8">
              {t('nav.verifyToken')}
            </Anchor>
          </Group>
        </Group>
      </Container>
    </Box>
  );
}
