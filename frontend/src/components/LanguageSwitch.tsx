import { Button, Group } from '@mantine/core';
import { LANGUAGE_NAMES, LANGUAGES, setLanguage, useLanguage, type Language } from '../lib/i18n';
import { updateUser, useSession } from '../lib/session';

/** Signed in, the account remembers the choice too: e-mails are written in it (docs/mail.md). */
const switchTo = (language: Language, signedIn: boolean) => {
  void setLanguage(language);
  if (signedIn) void updateUser({ language }).catch(() => undefined);
};

/**
 * The language switch (docs/architecture.md#language). `compact` (the header): one button naming the
 * other language in itself ('English' / '中文'). `full` (the profile page): a button per language,
 * the active one pressed. Switching fetches the new language's catalogues and re-renders in place:
 * no reload, form input stays.
 */
export function LanguageSwitch({
  variant = 'compact',
  label,
}: {
  variant?: 'compact' | 'full';
  /** The full variant's group name (e.g. the section's heading text). */
  label?: string;
}) {
  const active = useLanguage();
  const signedIn = Boolean(useSession().data);
  if (variant === 'compact') {
    const other = LANGUAGES.find((language) => language !== active) ?? active;
    return (
      <Button
        variant="subtle"
        size="xs"
        px={4}
        c="gray.9"
        lang={other}
        onClick={() => switchTo(other, signedIn)}
      >
        {LANGUAGE_NAMES[other]}
      </Button>
    );
  }
  return (
    <Group gap="xs" role="group" aria-label={label}>
      {LANGUAGES.map((language) => (
        <Button
          key={language}
          size="xs"
          variant={language === active ? 'filled' : 'default'}
          aria-pressed={language === active}
          lang={language}
          onClick={() => switchTo(language, signedIn)}
        >
          {LANGUAGE_NAMES[language]}
        </Button>
      ))}
    </Group>
  );
}
