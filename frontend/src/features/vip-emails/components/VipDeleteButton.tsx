import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../../../components/ConfirmButton';
import { useDeleteVipEmail } from '../api/delete-vip-email';

/**
 * The two-step delete of one address (docs/product.md#screens, #states Admin VIP delete): 'delete' asks, 'confirm delete'
 * removes it, 'cancel' goes back. A failure (toasted by the mutation) returns to the start.
 */
export function VipDeleteButton({ email }: { email: string }) {
  const { t } = useTranslation('adminVip');
  const remove = useDeleteVipEmail();
  // The list refetches before this settles, so the row is usually gone by then.
  return (
    <ConfirmButton
      label={t('delete.label')}
      confirmLabel={t('delete.confirm')}
      onConfirm={() => remove.mutateAsync(email)}
    />
  );
}
