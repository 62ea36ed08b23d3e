import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PreloadLink } from '../components/PreloadLink';
import { usePageTitle } from '../lib/use-page-title';

export default function NotFoundPage() {
  const { t } = useTranslation();
  usePageTitle(t('notFound.title'));
  return (
    <Container size="sm" py={80}>
      <Stack gap="md" align="center" ta="center">
        <Title order={1}>{t('notFound.title')}</Title>
        <Text>{t('notFound.text')}</Text>
        <Button component={PreloadLink} to="/">
          {t('notFound.home')}
        </Button>
      </Stack>
    </Container>
  );
}
