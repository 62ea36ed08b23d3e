import { Code, Paper, Stack, Text, Title } from '@mantine/core';
import { Trans, useTranslation } from 'react-i18next';

/** The Authorization header with a placeholder for the token ('<token>', '<激活码>'). */
export const bearerHeader = (token: string) => `Authorization: Bearer ${token}`;

/** The example request for the help box; `origin` is this site's, `token` the placeholder. */
export const exampleRequest = (origin: string, token = '<token>') =>
  `curl -X POST ${origin}/api/verify-token \\\n  -H '${bearerHeader(token)}'`;

/** docs/product.md#screens /verify: how to send the token as a bearer authorization header, with an example request. */
export function VerifyHelp({ origin = window.location.origin }: { origin?: string }) {
  const { t } = useTranslation('verify');
  const token = t('help.tokenPlaceholder');
  return (
    <Paper
      withBorder
      p="lg"
      radius="md"
      bg="gray.0"
      component="aside"
      aria-labelledby="verify-help"
    >
      <Stack gap="sm">
        <Title order={2} fz="lg" id="verify-help">
          {t('help.title')}
        </Title>
        <Text size="sm">
          <Trans t={t} i18nKey="help.header" components={{ code: <Code /> }} />
        </Text>
        <Code block>{bearerHeader(token)}</Code>
        <Text size="sm">{t('help.example')}</Text>
        <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
          {exampleRequest(origin, token)}
        </Code>
        <Text size="sm" c="dimmed">
          {t('help.answer')}
        </Text>
      </Stack>
    </Paper>
  );
}
