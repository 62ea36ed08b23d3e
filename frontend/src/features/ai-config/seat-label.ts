import type { License } from '../licenses/api/get-licenses';

/** Names a seat in the AI settings (its button's label and its modal's title). */
export const seatLabel = (license: Pick<License, 'seatIndex'>) => `seat #${license.seatIndex}`;
export const aiConfigTitle = (license: Pick<License, 'seatIndex'>) =>
  `AI settings for ${seatLabel(license)}`;
