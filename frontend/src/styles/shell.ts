/**
 * Mantine styles in parts, to keep the first paint light (Lighthouse: the whole sheet is ~41 kB gzip,
 * mostly unused on the first page):
 * - this file, imported by the provider: the global layers and the components of the shell (layout,
 *   header, user menu, toasts) and of home, login, profile, pricing and not-found;
 * - docs.ts and console.ts: what the docs and the console's first screen add;
 * - full.ts: the whole sheet, loaded by the router together with every other page (`withFullStyles` in
 *   app/pages.ts), so feature pages may use any Mantine component, and by the console's dialogs.
 * Each part lists its components in the order of Mantine's whole sheet. sheets.test.ts reads which
 * components each page can render and fails when one is missing from the sheets it loads.
 */
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Flex.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
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
