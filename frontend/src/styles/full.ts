/** The whole Mantine stylesheet, loaded with the feature pages and the console's dialogs (see shell.ts). */
import '@mantine/core/styles.css';
