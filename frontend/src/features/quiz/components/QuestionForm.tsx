import {
  Autocomplete,
  Button,
  Checkbox,
  Fieldset,
  Group,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { MarkdownPreview } from '../../../components/MarkdownPreview';
import { useSaveQuestion } from '../api/save-question';
import type { AdminQuizQuestion } from '../api/types';
import {
  EMPTY_QUESTION_FORM,
  formValuesOf,
  MAX_OPTIONS,
  MIN_OPTIONS,
  questionBody,
  questionFormRules,
  type QuestionFormValues,
} from '../question-form';

/** A live rendering of a Markdown field (docs/product.md#screens: content and explanation with preview). */
function Preview({ label, source }: { label: string; source: string }) {
  const { t } = useTranslation('adminQuiz');
  return (
    <MarkdownPreview
      label={label}
      title={t('form.preview')}
      source={source}
      empty={t('form.nothingToPreview')}
    />
  );
}

export interface QuestionFormProps {
  /** The question being edited, or null for a new one. */
  question: AdminQuizQuestion | null;
  /** Category labels to suggest. */
  categorySuggestions: string[];
  onDone: () => void;
}

/**
 * docs/product.md#screens, #validation quiz admin form: category (free text with suggestions; blank is the default),
 * question with preview, options one per line (2-4, the first is correct), explanation with
 * preview, enabled.
 */
export function QuestionForm({ question, categorySuggestions, onDone }: QuestionFormProps) {
  const { t } = useTranslation('adminQuiz');
  const save = useSaveQuestion();
  const form = useForm<QuestionFormValues>({
    mode: 'controlled',
    initialValues: question ? formValuesOf(question) : EMPTY_QUESTION_FORM,
    validate: questionFormRules,
  });

  const submit = form.onSubmit((values) =>
    save.mutate({ id: question?.id, body: questionBody(values) }, { onSuccess: onDone }),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Autocomplete
          label={t('form.category')}
          description={t('form.categoryHint')}
          data={categorySuggestions}
          {...form.getInputProps('categoryLabel')}
        />
        <Textarea
          label={t('form.question')}
          description={t('form.markdown')}
          required
          autosize
          minRows={3}
          maxRows={12}
          {...form.getInputProps('question')}
        />
        <Preview label={t('form.questionPreview')} source={form.values.question} />
        <Textarea
          label={t('form.options')}
          description={t('form.optionsHint', { min: MIN_OPTIONS, max: MAX_OPTIONS })}
          required
          autosize
          minRows={MIN_OPTIONS + 1}
          maxRows={8}
          {...form.getInputProps('options')}
        />
        <Textarea
          label={t('form.explanation')}
          description={t('form.markdown')}
          required
          autosize
          minRows={2}
          maxRows={12}
          {...form.getInputProps('explanation')}
        />
        <Preview label={t('form.explanationPreview')} source={form.values.explanation} />
        <Fieldset legend={t('form.english')} variant="filled">
          <Stack gap="sm">
            <TextInput label={t('form.categoryEn')} {...form.getInputProps('categoryLabelEn')} />
            <Textarea
              label={t('form.questionEn')}
              description={t('form.markdown')}
              autosize
              minRows={2}
              maxRows={12}
              {...form.getInputProps('questionEn')}
            />
            <Textarea
              label={t('form.optionsEn')}
              description={t('form.optionsEnHint')}
              autosize
              minRows={MIN_OPTIONS}
              maxRows={8}
              {...form.getInputProps('optionsEn')}
            />
            <Textarea
              label={t('form.explanationEn')}
              description={t('form.markdown')}
              autosize
              minRows={2}
              maxRows={12}
              {...form.getInputProps('explanationEn')}
            />
          </Stack>
        </Fieldset>
        <Checkbox
          label={t('form.enabled')}
          {...form.getInputProps('isActive', { type: 'checkbox' })}
        />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onDone}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('form.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
