import type { Licence } from '../licenses/api/get-licenses';

/** Names a seat in the AI settings (its button's label and its modal's title). */
export const seatLabel = (licence: Pick<Licence, 'seatIndex'>) => `seat #${licence.seatIndex}`;
export const aiConfigTitle = (licence: Pick<Licence, 'seatIndex'>) =>
  `AI settings for ${seatLabel(licence)}`;
