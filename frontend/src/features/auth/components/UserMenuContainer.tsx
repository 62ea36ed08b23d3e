import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { signOut, type Session } from '../../../lib/session';
import { menuLicensesQueryOptions } from '../../../lib/api/licenses';
import { hasActiveVipLicense } from '../menu-items';
import { UserMenu } from './UserMenu';

/** Wires the user menu to the licence list (for vip rights) and to sign-out. */
export function UserMenuContainer({
  session,
  opened = false,
}: {
  session: Session;
  /** Mounted by a click on the avatar that stood in for it: open, with the focus on the avatar. */
  opened?: boolean;
}) {
  const client = useQueryClient();
  const navigate = useNavigate();
  // Admins count as vip already: no need to ask for their licences.
  const licenses = useQuery(menuLicensesQueryOptions(!session.roles.isAdmin));

  const logout = async () => {
    try {
      await signOut(client);
      navigate('/');
    } catch (error) {
      console.error('Sign-out failed', error); // docs/product.md#errors: a logout failure is only logged
    }
  };

  return (
    <UserMenu
      user={session.user}
      roles={session.roles}
      hasVipLicense={hasActiveVipLicense(licenses.data)}
      onLogout={() => void logout()}
      opened={opened}
    />
  );
}
