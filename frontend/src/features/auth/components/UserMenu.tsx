import { Box, Menu, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PreloadLink } from '../../../components/PreloadLink';
import type { Roles, SessionUser } from '../../../lib/session';
import { menuItems } from '../menu-items';
import { UserAvatar } from './UserAvatar';

export interface UserMenuProps {
  user: SessionUser;
  roles: Roles;
  hasVipLicense: boolean;
  onLogout: () => void;
}

/**
 * The header's user menu (docs/product.md#screens User menu): the avatar toggles a dropdown with the user's name and
 * e-mail, the links their roles allow, and logout. A click outside or Escape closes it.
 */
export function UserMenu({ user, roles, hasVipLicense, onLogout }: UserMenuProps) {
  const { t } = useTranslation();
  const items = menuItems({
    isAdmin: roles.isAdmin,
    isQuizManager: roles.isQuizManager,
    hasVipLicense,
  });
  return (
    <Menu
      position="bottom-end"
      width={240}
      shadow="md"
      withinPortal
      closeOnClickOutside
      closeOnEscape
    >
      <Menu.Target>
        <UnstyledButton aria-label={t('userMenu.open')} display="block" bdrs="xl">
          <UserAvatar user={user} />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Box px="sm" py="xs">
          <Text fw={600} size="sm" truncate="end">
            {user.name || user.email}
          </Text>
          <Text size="xs" c="gray.7" truncate="end">
            {user.email}
          </Text>
        </Box>
        <Menu.Divider />
        {items.map((item) => (
          <Menu.Item key={item.key} component={PreloadLink} to={item.to}>
            {t(item.labelKey)}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item color="red" onClick={onLogout}>
          {t('userMenu.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
