import { Code, Paper, Stack, Text, Title } from '@mantine/core';

/** The example request for the help box; `origin` is this site's. */
export const exampleRequest = (origin: string) =>
  `curl -X POST ${origin}/api/verify-token \\\n  -H 'Authorization: Bearer <token>'`;

/** docs/product.md#screens /verify: how to send the token as a bearer authorization header, with an example request. */
export function VerifyHelp({ origin = window.location.origin }: { origin?: string }) {
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
          How to use your token
        </Title>
        <Text size="sm">
          The plugin and theme send the token in the <Code>Authorization</Code> header of each
          request, as a bearer token:
        </Text>
        <Code block>Authorization: Bearer &lt;token&gt;</Code>
        <Text size="sm">Example request:</Text>
        <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
          {exampleRequest(origin)}
        </Code>
        <Text size="sm" c="dimmed">
          The answer tells whether the token is valid, and for which user and token.
        </Text>
      </Stack>
    </Paper>
  );
}
