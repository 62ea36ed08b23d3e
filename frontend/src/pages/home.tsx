import { Box, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ClosingCta } from '../features/home/components/ClosingCta';
import { FeatureGrid } from '../features/home/components/FeatureGrid';
import { HomeHero } from '../features/home/components/HomeHero';
import { ScoreGauge } from '../features/home/components/ScoreGauge';
import { Section } from '../features/home/components/Section';
import { StepList } from '../features/home/components/StepList';
import { EDITOR_FEATURES, SCORES, THEME_FEATURES } from '../features/home/content';
import { usePageTitle } from '../lib/use-page-title';

/** The page's catalogue (src/locales/<language>/home.json), loaded with its code. */
export const namespaces = ['home'];

/**
 * Home (docs/product.md#screens): hero, editor plugin features, theme features, the three Lighthouse scores, four steps
 * to start, and a closing call to action. Light on purpose: inline SVG only, no extra Mantine sheets
 * beyond styles/shell.ts (styles/sheets.test.ts checks that they cover it), no web fonts.
 */
export default function HomePage() {
  const { t, i18n } = useTranslation('home');
  usePageTitle();
  const english = i18n.language === 'en';
  return (
    <>
      <HomeHero />
      <Section id="editor" title={t('editor.title')} lead={t('editor.lead')}>
        <FeatureGrid band="editor" features={EDITOR_FEATURES} />
      </Section>
      <Section id="theme" title={t('theme.title')} lead={t('theme.lead')} muted>
        <FeatureGrid band="theme" features={THEME_FEATURES} />
      </Section>
      <Section id="performance" title={t('performance.title')} lead={t('performance.lead')}>
        <Group component="ul" justify="center" gap={48} m={0} p={0}>
          {SCORES.map((score) => (
            <ScoreGauge
              key={score.key}
              score={100}
              label={t(`performance.${score.key}`)}
              english={english ? undefined : score.lighthouse}
            />
          ))}
        </Group>
      </Section>
      <Section id="steps" title={t('steps.title')} lead={t('steps.lead')} muted>
        <Box maw={1040} mx="auto" w="100%">
          <StepList />
        </Box>
      </Section>
      <ClosingCta />
    </>
  );
}
