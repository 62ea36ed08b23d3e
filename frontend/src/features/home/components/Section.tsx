import { Box, Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A home page band: an h2 with its lead text, then the content, labelled by the heading. */
export function Section({
  id,
  title,
  lead,
  muted = false,
  children,
}: {
  id: string;
  title: string;
  lead?: string;
  muted?: boolean;
  children: ReactNode;
}) {
  const headingId = `${id}-title`;
  return (
    <Box
      component="section"
      id={id}
      aria-labelledby={headingId}
      py={{ base: 48, sm: 72 }}
      bg={muted ? 'gray.0' : undefined}
    >
      <Container size="lg" px={{ base: 'md', sm: 'xl' }}>
        <Stack gap={40}>
          <Stack gap="sm" align="center" ta="center">
            <Title order={2} id={headingId} fz={{ base: 26, sm: 32 }} lh={1.3}>
              {title}
            </Title>
            {lead && (
              <Text size="lg" c="gray.7" maw={640}>
                {lead}
              </Text>
            )}
          </Stack>
          {children}
        </Stack>
      </Container>
    </Box>
  );
}
