import { Box, Group } from '@mantine/core';
import { ClosingCta } from '../features/home/components/ClosingCta';
import { FeatureGrid } from '../features/home/components/FeatureGrid';
import { HomeHero } from '../features/home/components/HomeHero';
import { ScoreGauge } from '../features/home/components/ScoreGauge';
import { Section } from '../features/home/components/Section';
import { StepList } from '../features/home/components/StepList';
import {
  EDITOR_FEATURES,
  EDITOR_TITLE,
  PERFORMANCE,
  SCORES,
  STEPS_TITLE,
  THEME_FEATURES,
  THEME_TITLE,
} from '../features/home/content';
import { usePageTitle } from '../lib/use-page-title';

/**
 * Home (docs/product.md#screens): hero, editor plugin features, theme features, the three Lighthouse scores, four steps
 * to start, and a closing call to action. Light on purpose: inline SVG only, no extra Mantine sheets
 * beyond styles.ts (SimpleGrid is listed there), no web fonts.
 */
export default function HomePage() {
  usePageTitle();
  return (
    <>
      <HomeHero />
      <Section id="editor" title={EDITOR_TITLE.title} lead={EDITOR_TITLE.lead}>
        <FeatureGrid features={EDITOR_FEATURES} />
      </Section>
      <Section id="theme" title={THEME_TITLE.title} lead={THEME_TITLE.lead} muted>
        <FeatureGrid features={THEME_FEATURES} />
      </Section>
      <Section id="performance" title={PERFORMANCE.title} lead={PERFORMANCE.lead}>
        <Group component="ul" justify="center" gap={48} m={0} p={0}>
          {SCORES.map((score) => (
            <ScoreGauge key={score.label} score={100} label={score.label} english={score.english} />
          ))}
        </Group>
      </Section>
      <Section id="steps" title={STEPS_TITLE.title} lead={STEPS_TITLE.lead} muted>
        <Box maw={1040} mx="auto" w="100%">
          <StepList />
        </Box>
      </Section>
      <ClosingCta />
    </>
  );
}
