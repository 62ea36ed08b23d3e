/**
 * The sample question bank's English texts, one per entry of SAMPLE_QUESTIONS and in the same order
 * (options in the same order too: the first is the correct answer). The bank holds both languages
 * (docs/product.md, quiz); the migration that added English gave the seeded rows these texts.
 */
export const SAMPLE_QUESTIONS_EN: {
  category: string;
  question: string;
  options: string[];
  explanation: string;
}[] = [
  // Activation and licensing
  {
    category: 'Activation and licensing',
    question: 'When the plugin calls the licence API, where does the **activation code** go?',
    options: [
      'In the header `Authorization: Bearer <activation code>`',
      'In the URL query parameter `?key=`',
      'In a cookie',
      'In the `password` field of the request body',
    ],
    explanation:
      'The plugin sends the activation code as a bearer token: `Authorization: Bearer <activation code>`. Never put it in the URL.',
  },
  {
    category: 'Activation and licensing',
    question: 'Where do you find your activation code?',
    options: [
      'In the activation code block of the console (/dashboard)',
      'In the sign-up e-mail',
      "In the plugin's readme file",
      "In the theme's style.css",
    ],
    explanation:
      'Sign in and open the console: the activation code block shows, copies or regenerates the code.',
  },
  {
    category: 'Activation and licensing',
    question: 'How many hexadecimal characters make up an activation code?',
    options: ['64', '32', '16', '128'],
    explanation: 'The activation code is 32 random bytes in hexadecimal: 64 characters.',
  },
  {
    category: 'Activation and licensing',
    question: 'What happens to the old activation code after you regenerate it?',
    options: [
      'It stops working at once',
      'It keeps working for 30 days',
      'It keeps working until the plugin updates',
      'It works forever alongside the new one',
    ],
    explanation:
      'Regenerating replaces the code: the old one fails verification at once, so paste the new code into the plugin.',
  },
  {
    category: 'Activation and licensing',
    question: 'How do you confirm the "regenerate" button in the console, to prevent accidents?',
    options: [
      'Click it again within 3 seconds',
      'Enter your password',
      'Wait for a confirmation link by e-mail',
      'No confirmation is needed',
    ],
    explanation:
      'The first click asks you to click again; only a second click within 3 seconds regenerates the code.',
  },
  {
    category: 'Activation and licensing',
    question: 'When the plugin checks its licence, which sites do **not** take a seat?',
    options: [
      'localhost, 127.0.0.1 and development domains such as *.local / *.test / *.localhost',
      'Every https site',
      'A site installing the plugin for the first time',
      'Sites with little traffic',
    ],
    explanation:
      'Development and staging domains always count as valid and take no seat, so you can work locally.',
  },
  {
    category: 'Activation and licensing',
    question: 'What does `DOMAIN_NOT_BOUND` from the licence check mean?',
    options: [
      "The site's domain is not bound to any seat",
      'The activation code has expired',
      'The server is under maintenance',
      'The plugin version is too old',
    ],
    explanation: "Bind the site's domain to a free seat in the console, then try again.",
  },
  // Seats and domains
  {
    category: 'Seats and domains',
    question: 'How many times can a seat move to another domain by default?',
    options: ['2 times', '1 time', '5 times', 'Unlimited'],
    explanation:
      'Each seat has 2 binding changes by default; rebinding to the same domain (www ignored) costs none.',
  },
  {
    category: 'Seats and domains',
    question:
      'Does rebinding a seat from `https://www.example.com/blog` to `http://example.com` use a binding change?',
    options: [
      'No: the same domain only normalises the link',
      'Yes, 1',
      'Yes, 2',
      'This change is not allowed',
    ],
    explanation:
      'A domain is normalised to protocol, host (without www) and port; rebinding to the same domain costs nothing.',
  },
  {
    category: 'Seats and domains',
    question: 'What happens if you bind `example.com` (without a protocol)?',
    options: [
      'You are asked for the full address including http:// or https://',
      'It is bound as https://example.com',
      'Binding fails and uses a binding change',
      'It is bound as ftp://example.com',
    ],
    explanation:
      'Binding needs a full URL; it is normalised to protocol + host + port and the path is dropped.',
  },
  {
    category: 'Seats and domains',
    question: 'Can one domain be bound to two of your seats at once?',
    options: [
      'No: a domain is bound to one seat only',
      'Yes, up to two',
      'Yes, to any number',
      'Only on the Max plan',
    ],
    explanation:
      "A domain can be bound to only one of a customer's seats; a second bind is refused.",
  },
  {
    category: 'Seats and domains',
    question: 'How does the Max plan gain seats?',
    options: [
      'Automatically before a bind when fewer than 2 seats are free, up to 100',
      'Each one is bought separately',
      'An admin assigns them by hand',
      'All 100 are given at purchase',
    ],
    explanation:
      'Max starts with 10 seats and adds up to 10 more whenever fewer than 2 are free, up to 100.',
  },
  // Editor plugin
  {
    category: 'Editor plugin',
    question: 'How does the visual editor plugin edit pages?',
    options: [
      'Pure HTML editing with a live preview',
      'Drag-and-drop blocks only, no HTML',
      'Markdown only',
      'By changing template files over FTP',
    ],
    explanation: 'The plugin edits HTML directly and shows the result in a live preview beside it.',
  },
  {
    category: 'Editor plugin',
    question: 'Which CSS framework does the editor plugin depend on?',
    options: ['None', 'Bootstrap', 'Bulma', 'jQuery UI'],
    explanation:
      'The plugin is tied to no CSS framework; the pages it makes work with any theme’s styles.',
  },
  {
    category: 'Editor plugin',
    question: 'What is the dynamic template system for?',
    options: [
      'Reusing page fragments with variables to make consistent content',
      'Translating pages automatically',
      'Compressing images',
      'Backing up the database',
    ],
    explanation:
      'Dynamic templates save common structures for reuse: fill in the variables to make the content.',
  },
  {
    category: 'Editor plugin',
    question: 'What is the quickest way to replace an image in the editor?',
    options: [
      'Quick image replacement: pick the image and replace it',
      "Edit the database's attachment table",
      'Upload the whole page again',
      'Clear the cache and reload',
    ],
    explanation:
      'Quick image replacement lets you pick an image in the preview and replace it directly.',
  },
  // AI assistant
  {
    category: 'AI assistant',
    question: "At what level is the AI editing assistant's provider configured?",
    options: [
      'Per licence seat',
      'Once for the whole account',
      'Per browser',
      'Per plugin version',
    ],
    explanation: 'In the console each seat has its own API URL, API Key and optional model ID.',
  },
  {
    category: 'AI assistant',
    question: 'What happens when you click "test and save" in the AI settings?',
    options: [
      'The server first calls the provider with the settings and saves them only if that works',
      'They are saved without any check',
      "Only the API Key's length is checked",
      'The settings are sent to other users',
    ],
    explanation:
      'Before saving, an OpenAI-compatible call checks the settings; without a usable model you see the models tried and the ones recommended.',
  },
  {
    category: 'AI assistant',
    question: "How is the AI service's API Key kept on the server?",
    options: [
      'Encrypted; the interface shows it masked',
      'In plain text in the database',
      'In a browser cookie',
      "In the plugin's settings file",
    ],
    explanation:
      'The API Key is stored encrypted with AES-GCM; the interface shows its first and last 4 characters and reveals it only briefly on request.',
  },
  // Theme
  {
    category: 'Minimal theme',
    question: 'Which styling tool is the minimal theme built on?',
    options: ['Tailwind CSS v4', 'Bootstrap 3', 'Foundation', 'Inline styles only'],
    explanation: 'The theme uses Tailwind CSS v4 to keep its styles small.',
  },
  {
    category: 'Minimal theme',
    question: "What are the minimal theme's three Lighthouse targets?",
    options: [
      '100 for performance, accessibility and best practices',
      'Performance above 90 only',
      'SEO 100, the rest unspecified',
      'No performance target',
    ],
    explanation: 'The theme aims at 100 for performance, accessibility and best practices.',
  },
  {
    category: 'Minimal theme',
    question: 'How do the theme and the plugin get updates?',
    options: [
      "Through WordPress's automatic updates, from signed, short-lived download links",
      'Download them from the console and overwrite by hand',
      'As e-mail attachments',
      'The theme is never updated',
    ],
    explanation:
      'Licensed sites get new versions through the update check; downloads use short-lived signed links.',
  },
];
