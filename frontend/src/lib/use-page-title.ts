import { useDocumentTitle } from '@mantine/hooks';
import { appConfig } from './config';

/** Sets the tab title: 'Orders - seatkeeper', or the brand alone. */
export function usePageTitle(title?: string) {
  const brand = appConfig.brandName.toLowerCase();
  useDocumentTitle(title ? `${title} - ${brand}` : brand);
}
