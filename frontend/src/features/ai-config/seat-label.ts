import { i18n } from '../../lib/i18n';
import type { License } from '../../lib/api/licenses';

/**
 * Names a seat's AI settings (its button's accessible name and its modal's title): 'AI settings for
 * seat #1' (console:seats.aiSettingsFor) in the active language.
 */
export const aiConfigTitle = (license: Pick<License, 'seatIndex'>) =>
  i18n.t('console:seats.aiSettingsFor', { seat: license.seatIndex });
