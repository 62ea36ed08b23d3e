/**
 * Mantine styles, in two parts to keep the first paint light (Lighthouse: the full sheet is ~37 kB
 * gzip, mostly unused on the home page):
 * - this file, imported by the provider: the global layers and the components of the shell
 *   (layout, header, user menu, toasts, home, login, profile, not-found), in Mantine's dependency order;
 * - styles-full.ts: the whole Mantine sheet, loaded by the router together with every other page
 *   (see `withFullStyles` in pages.ts), so feature pages may use any Mantine component; the docs load
 *   only the few components they add (styles-docs.ts).
 * A component used by the shell but missing here would look unstyled on those few pages: add it below.
 */
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Flex.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Avatar.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Divider.css';
import '@mantine/core/styles/Menu.css';
import '@mantine/core/styles/Notification.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Title.css';
import '@mantine/notifications/styles.css';
