import { Alert, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isPlanNeeded } from '../api/get-quiz-questions';
import { reloadPage } from '../reload';

/** docs/product.md#errors quiz loading: no plan → the plan text; anything else → 'load failed' and a reload. */
export function QuizLoadError({ error }: { error: unknown }) {
  const { t } = useTranslation('quiz');
  if (isPlanNeeded(error)) {
    return (
      <Alert color="yellow" role="alert">
        {t('planNeeded')}
      </Alert>
    );
  }
  return (
    <Stack gap="sm" align="flex-start">
      <Text c="red" role="alert">
        {t('loadFailed')}
      </Text>
      <Button variant="default" onClick={() => reloadPage()}>
        {t('retry')}
      </Button>
    </Stack>
  );
}
