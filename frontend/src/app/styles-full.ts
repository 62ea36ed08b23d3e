/** The whole Mantine stylesheet, loaded with the feature pages (see styles.ts). */
import '@mantine/core/styles.css';
