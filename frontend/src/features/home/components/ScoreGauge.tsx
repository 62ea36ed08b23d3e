import { Stack, Text } from '@mantine/core';

const RADIUS = 52;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/** A Lighthouse-style score ring; the number and label are text, the ring is decoration. */
export function ScoreGauge({
  score,
  label,
  english,
}: {
  score: number;
  label: string;
  /** Lighthouse's English name, shown under a label in another language. */
  english?: string;
}) {
  const filled = (Math.max(0, Math.min(100, score)) / 100) * CIRCUMFERENCE;
  return (
    <Stack component="li" align="center" gap="xs" style={{ listStyle: 'none' }}>
      <div style={{ position: 'relative', width: 128, height: 128 }}>
        <svg width="128" height="128" viewBox="0 0 128 128" aria-hidden="true" focusable="false">
          <circle cx="64" cy="64" r={RADIUS} fill="#ebfbee" stroke="#d3f9d8" strokeWidth="10" />
          <circle
            cx="64"
            cy="64"
            r={RADIUS}
            fill="none"
            stroke="#2f9e44"
            strokeWidth="10"
            strokeLinecap="round"
            strokeDasharray={`${filled} ${CIRCUMFERENCE}`}
            transform="rotate(-90 64 64)"
          />
        </svg>
        <Text
          fz={36}
          fw={700}
          c="green"
          style={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center' }}
        >
          {score}
        </Text>
      </div>
      <Text fw={600} size="lg">
        {label}
      </Text>
      {english && (
        <Text size="sm" c="gray.7" lang="en">
          {english}
        </Text>
      )}
    </Stack>
  );
}
