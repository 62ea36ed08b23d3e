import { Box, Menu, Text, UnstyledButton } from '@mantine/core';
import { useEffect, useState } from 'react';
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
  /**
   * Opens once mounted, the avatar focused first so that closing brings the focus back to it: the menu
   * replaces an avatar button that was just clicked (app/layout/AppHeader.tsx).
   */
  opened?: boolean;
}

/**
 * The header's user menu (docs/product.md#screens User menu): the avatar toggles a dropdown with the user's name and
 * e-mail, the links their roles allow, and logout. A click outside or Escape closes it.
 */
export function UserMenu({ user, roles, hasVipLicense, onLogout, opened = false }: UserMenuProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (opened) setOpen(true);
  }, [opened]);
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
      opened={open}
      onChange={setOpen}
    >
      <Menu.Target>
        <UnstyledButton
          aria-label={t('userMenu.open')}
          display="block"
          bdrs="xl"
          autoFocus={opened}
        >
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
