/**
 * The docs' styles beyond the shell's (shell.ts): the sidebar's links, the phone menu's burger and the
 * article's typography. The docs are a public page reached first from search and links, so they load
 * these few (~3 kB gzip) rather than the whole Mantine sheet (~41 kB gzip, full.ts; Lighthouse
 * mobile). sheets.test.ts fails when the docs render a component missing here.
 */
import '@mantine/core/styles/Burger.css';
import '@mantine/core/styles/NavLink.css';
import '@mantine/core/styles/Typography.css';
