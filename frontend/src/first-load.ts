import { startFirstLoad } from './app/first-load';

// The build's second entry (vite.config.mts firstLoad): a small script that index.html runs as soon as it
// arrives, long before the app's own code, to ask for the first page's code and catalogues.
startFirstLoad(window.location.pathname);
