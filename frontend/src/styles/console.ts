/**
 * The console's first screen (/dashboard) beyond the shell's styles (shell.ts): the activation code, the
 * downloads' grid and the seat table with its scroll container (~2.5 kB gzip, against ~41 kB for the whole sheet, full.ts). Its
 * dialogs (plan purchase, AI settings, confirmations) load the whole sheet with their own code.
 * sheets.test.ts fails when the page renders a component missing here.
 */
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Table.css';
