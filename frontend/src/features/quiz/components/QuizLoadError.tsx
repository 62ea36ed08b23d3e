import { Alert, Button, Stack, Text } from '@mantine/core';
import { isPlanNeeded } from '../api/get-quiz-questions';
import { reloadPage } from '../reload';

export const PLAN_NEEDED = 'a valid plan is needed to access the quiz';
export const LOAD_FAILED = 'load failed';

/** docs/product.md#errors quiz loading: no plan → the plan text; anything else → 'load failed' and a reload. */
export function QuizLoadError({ error }: { error: unknown }) {
  if (isPlanNeeded(error)) {
    return (
      <Alert color="yellow" role="alert">
        {PLAN_NEEDED}
      </Alert>
    );
  }
  return (
    <Stack gap="sm" align="flex-start">
      <Text c="red" role="alert">
        {LOAD_FAILED}
      </Text>
      <Button variant="default" onClick={() => reloadPage()}>
        retry
      </Button>
    </Stack>
  );
}
