import { notifyError, notifySuccess } from '../../lib/notify';
import { i18n } from '../../lib/i18n';

/** Copies an activation code to the clipboard and says so (or why not) in a toast. */
export async function copyCode(code: string) {
  try {
    await navigator.clipboard.writeText(code);
    notifySuccess(i18n.t('console:token.copied'));
  } catch (error) {
    notifyError(error, i18n.t('console:token.copyFailed'));
  }
}
