/**
 * The English of the docs sections first written only in Chinese (docs-seed.zh-cn.ts: introduction,
 * installation, configuration, ai-assist), faithful to it. Migration20261202100000 fills them into
 * `docs_sections` where the English body is still the empty seed and no admin has edited it; after that
 * the text lives in the database and admins edit it at /admin/docs. Frozen, like the other seeds.
 */
export const DOCS_SEED_EN_GUIDES: Record<string, string> = {
  introduction: `Welcome to seatkeeper. We make two tools for WordPress and other content management systems: a **visual editor plugin** and a **minimalist theme**. Each works on its own, and they work best together.

## What they do

- **Editor plugin**: edit a page's plain HTML right in the admin, with a live preview; no CSS framework required; dynamic templates, so the blocks you use often are saved and reused; a built-in AI editing assistant that writes or rewrites HTML from a one-sentence description; click an image to replace it.
- **Minimalist theme**: built on Tailwind CSS v4, with a restrained design and a responsive layout, automatic updates from the admin, and performance as its first goal: it can score full marks for performance, accessibility and best practices in Lighthouse.

## A few basics

- **Account**: sign in with a social account and you have a free account with access to the console.
- **Activation code**: each account has one activation code (its API token). The plugin proves who it is to the server with it: keep it safe and never make it public.
- **Licence seats**: a plan you buy comes with a number of seats, and each seat is bound to one website's domain. The plugin turns on its full features only on a bound domain.
- **AI settings**: each seat can have its own AI service (API URL, key and model), so different sites can use different providers.

> Using the plugin in a local development or test environment (such as \`localhost\`, \`127.0.0.1\`, or a domain ending in \`.local\`, \`.test\` or \`.localhost\`) takes up no seat.

## Next

1. Read "Installation" to download and install the plugin and the theme.
2. Read "Configuration" to enter the activation code in the plugin and bind your site in the console.
3. To use the AI editing assistant, read "AI assist" to set up an AI service.
`,
  installation: `Installing takes a few minutes: download the packages from the console, then upload and activate them in your site's admin. WordPress is the example below.

## Before you start

- An account that can sign in to your site's admin and is allowed to install plugins and themes.
- A seatkeeper account: click "Get started" on this site and sign in with a social account to register automatically.
- We recommend backing up your site's files and database before installing.

## Step 1: download the packages

1. Sign in and open the **console**.
2. In the downloads at the bottom of the page, download the **plugin** and the **theme** packages (\`.zip\` files). Do not unzip them.

## Step 2: install the editor plugin

1. In the WordPress admin, go to "Plugins → Add New Plugin".
2. Click "Upload Plugin" at the top of the page and choose the plugin package you downloaded.
3. Click "Install Now", then "Activate Plugin" once it is done.

Once activated, the plugin's settings page appears in the admin menu: you will enter the activation code there shortly.

## Step 3: install the minimalist theme

1. Go to "Appearance → Themes", click "Add New Theme", then "Upload Theme".
2. Choose the theme package and click "Install Now".
3. Once it is installed, click "Activate".

The theme and the plugin can be used separately: install only the plugin if you want just the editor, or activate only the theme.

## Step 4: enter the activation code

The plugin needs the activation code for its full features and automatic updates. Read on in "Configuration" to find where the code is, where to enter it, and how to bind your site's domain.

## Updates

Once the activation code is entered and the domain bound, new versions of the plugin and the theme appear on the "Updates" page of the WordPress admin and update in one click, like any other plugin.

## Common problems

- **The upload says the file is too large**: this is the server's upload size limit. Ask your host to raise it, or upload the unzipped folder over FTP to \`wp-content/plugins\` (the plugin) or \`wp-content/themes\` (the theme).
- **It says not activated after activating**: the activation code has not been entered yet, or the current domain is not bound to a seat. Follow the steps in "Configuration".
`,
  configuration: `After installing, two things are left to do: enter the **activation code** in the plugin, and **bind** the site to a licence seat in the console.

## Find the activation code

1. Sign in and open the **console**: the first block is the **activation code**.
2. By default the code shows only its first 4 and last 4 characters: click "show" to see all of it and "copy" to copy it to the clipboard.
3. If the code may have leaked, click "regenerate". To prevent accidents, you confirm by clicking again within 3 seconds. Once regenerated, the old code stops working at once, and every site that uses it needs the new one.

The console also shows when the activation code was last used, so you can tell whether the plugin has reached the server.

## Enter the activation code in the plugin

1. In the WordPress admin, open the editor plugin's **settings page**.
2. Paste the code you copied into the "Activation code" field.
3. Click "Save". The plugin checks the code with the server at once, along with the licence of the current domain.

## Bind your site's domain

Each licence seat is for one website. In the console's **licence seats** table:

1. Click a seat's "domain" cell.
2. Enter the site's full address, starting with \`http://\` or \`https://\`, for example \`https://example.com\`.
3. Press Enter or click "Save" to bind it; press Esc to cancel.

The address is saved in a normal form, "scheme + host name (without \`www.\`) + port"; any path is ignored. Each seat can change its bound domain 2 times; entering the same domain again does not use one up.

## How the plugin checks the activation code

The plugin and the server use Bearer token authentication: every request carries the activation code in a header.

\`\`\`http
Authorization: Bearer <activation code>
\`\`\`

The plugin calls the two endpoints below. You can use them to track down problems too.

### Check the activation code

\`\`\`http
POST /api/verify-token
Authorization: Bearer <activation code>
\`\`\`

An example answer:

\`\`\`json
{
  "valid": true,
  "userId": "…",
  "tokenId": "…",
  "message": "Token is valid"
}
\`\`\`

### Check a domain's licence

\`\`\`http
POST /api/licenses/check
Authorization: Bearer <activation code>
Content-Type: application/json

{ "domain": "https://example.com" }
\`\`\`

An example answer:

\`\`\`json
{
  "valid": true,
  "code": "VALID",
  "license": {
    "seatIndex": 1,
    "tier": "pro",
    "licenseType": "permanent",
    "expiresAt": null
  }
}
\`\`\`

What \`code\` means:

- \`VALID\`: the activation code is valid and the domain is bound to a valid seat.
- \`TOKEN_INVALID\`: the activation code does not exist, has been regenerated, or the request carried none.
- \`DOMAIN_NOT_BOUND\`: the activation code is valid, but the domain is not bound to any seat yet: bind it in the console.
- \`LICENSE_EXPIRED\`: the domain is bound to a yearly licence that has expired.

## Development and test environments

On the hosts below the plugin gets \`valid: true\` as long as the activation code is valid, and **takes up no seat**:

- \`localhost\` and \`127.0.0.1\`
- domains ending in \`.local\`, \`.test\` or \`.localhost\`

So you can set up a local test site without worry, and bind the real domain when the site goes live.

## Common problems

- **\`TOKEN_INVALID\`**: check that the whole code was pasted, with no spaces before or after it; if you regenerated the code in the console, enter the new one in the plugin.
- **\`DOMAIN_NOT_BOUND\`**: make sure the domain bound in the console is the address the site is actually visited at (a \`www.\` prefix is ignored).
- **Too many requests**: the endpoints are rate limited and answer 429 over the limit: try again a little later.
`,
  'ai-assist': `The AI editing assistant writes new HTML blocks from a one-sentence description, or rewrites the content you select. It uses your own AI service: each licence seat can have its own API URL, key and model.

## How to use it

1. In the editor, select the block you want to change, or put the cursor where the new content should go.
2. Open the AI assistant and describe what you want in plain words, for example "turn this introduction into three feature cards" or "write a contact us block with prices".
3. Preview the result and apply it if you like it; if not, change the description and generate again.

What it writes is ordinary HTML, which you can keep adjusting by hand in the editor.

## Set up an AI service for a seat

AI services are set per seat, so different sites can use different providers or models.

1. Sign in, open the **console** and find the **licence seats** table.
2. Click the "settings" button in the row of the seat to set up, which opens that seat's AI settings.
3. Fill in:
   - **API URL**: the AI service's endpoint, which must speak the OpenAI-compatible format, for example \`https://api.openai.com/v1\`.
   - **API Key**: the key your provider gave you. It is hidden as you type; click the show button to check it.
   - **Test model ID** (optional): the model used to test the connection, for example \`gpt-4o-mini\`. Left empty, the service picks one.
4. Click "test and save". The store **first makes a real call to the provider with these details** and saves them only if it succeeds; a failed test leaves the previous settings as they were.

In the settings window, \`Ctrl + Enter\` (\`Cmd + Enter\` on macOS) tests and saves at once, and \`Esc\` closes the window.

## See the current settings

Once saved, the seats table shows the seat's API URL and its **masked key** (only the first 4 and last 4 characters), and the settings window shows when they were last updated.

The key is stored encrypted on the server, and no page or endpoint ever returns it in full. To change the key, enter the new one and save again.

## If the test fails

- **Wrong address**: make sure the API URL is the API's base address (usually ending in \`/v1\`), not the provider's website.
- **Invalid key**: make sure the key has no extra spaces, and that it is still valid with the provider and has credit left.
- **A model must be named**: some providers require a model. The settings window then lists the models it tried with each one's error, and suggests models: put one of them in "Test model ID" and try again.
`,
};
