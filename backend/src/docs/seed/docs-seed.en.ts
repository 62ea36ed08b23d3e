/**
 * The docs sections' Markdown in en as first seeded into `docs_sections` (Migration20261130100000).
 * Frozen: after the migration the text lives in the database and admins edit it at /admin/docs.
 * Sections missing here were seeded empty; the ones written in Chinese got their English later
 * (docs-seed.en-guides.ts, Migration20261202100000); the rest show the placeholder.
 */
export const DOCS_SEED_EN: Record<string, string> = {
  'token-auth': `Every call a plugin or theme makes to the store carries the customer's **activation code** (shown in the console under "Activation code"). In the examples below, \`https://store.example.com\` stands for the store's address and \`YOUR_ACTIVATION_CODE\` for the code.

## Passing the code

The store reads the code from, in this order:

1. the header \`Authorization: Bearer YOUR_ACTIVATION_CODE\` (preferred);
2. a \`license_key\` field in the body (JSON or form-encoded);
3. a \`license_key\` query argument (for update checkers that cannot set headers).

The code is a secret: never put it in a page the visitor sees, never log it, and prefer the header or the body to the query string.

\`\`\`bash
curl -s -X POST https://store.example.com/api/verify-token \\
  -H "Authorization: Bearer YOUR_ACTIVATION_CODE"
\`\`\`

\`POST /api/verify-token\` answers whether the code exists, without looking at any site:

\`\`\`json
{ "valid": true, "userId": "…", "tokenId": "…", "message": "Token is valid" }
\`\`\`

An unknown or regenerated code answers \`200\` with \`"valid": false\` and \`"message": "Token is invalid or expired"\`. When the customer regenerates the code in the console, the old one stops working at once: the plugin's settings page should ask for the new one.

From WordPress, \`wp_remote_post\` with an array body sends a form-encoded body, which the store accepts:

\`\`\`php
$response = wp_remote_post( 'https://store.example.com/api/licenses/check', array(
	'timeout' => 3,
	'body'    => array(
		'domain'      => home_url(),
		'license_key' => get_option( 'myplugin_activation_code' ),
	),
) );
\`\`\`

The same call with curl:

\`\`\`bash
curl -s -X POST https://store.example.com/api/licenses/check \\
  --data-urlencode "domain=https://www.example.com" \\
  --data-urlencode "license_key=YOUR_ACTIVATION_CODE"
\`\`\`

## Rate limits

\`POST /api/verify-token\` and \`POST /api/licenses/check\` are limited per client address: by default 300 requests a minute (the seller sets \`PLUGIN_RATE_LIMIT\`; with several store instances each counts on its own). Every answer carries:

| Header | Meaning |
| --- | --- |
| \`X-RateLimit-Limit\` | requests allowed in the current one-minute window |
| \`X-RateLimit-Remaining\` | requests left in it |
| \`X-RateLimit-Reset\` | seconds until the window starts again |
| \`Retry-After\` | only on a \`429\`: seconds to wait before trying again |

See the headers with \`-i\`:

\`\`\`bash
curl -s -i -X POST https://store.example.com/api/verify-token \\
  -H "Authorization: Bearer YOUR_ACTIVATION_CODE"
\`\`\`

Over the limit the store answers \`429\` with \`{"statusCode":429,"error":"Too many requests, please retry later","message":"Too many requests, please retry later","code":"RATE_LIMITED"}\`. A shared host carries many sites behind one address: cache the answers (see "Error handling") so that a page load never calls the store.
`,
  'api-endpoints': `All paths are under the store's address (\`https://store.example.com\` below). The full reference, with every field, is the interactive API reference at \`/api/docs\`.

## Licence check: \`POST /api/licenses/check\`

Asks whether this site may use the product. Body: \`{"domain": "<the site's home URL>"}\` (JSON) or \`domain=…\` (form-encoded); the code as described in "Token authentication".

\`\`\`bash
curl -s -X POST https://store.example.com/api/licenses/check \\
  -H "Authorization: Bearer YOUR_ACTIVATION_CODE" \\
  -H "Content-Type: application/json" \\
  -d '{"domain":"https://www.example.com"}'
\`\`\`

A well-formed request always answers \`200\`:

\`\`\`json
{
  "valid": true,
  "code": "VALID",
  "license": { "seatIndex": 1, "tier": "pro", "licenseType": "permanent", "expiresAt": null },
  "domain": "example.com",
  "checkedAt": "2026-11-26T08:19:00.000Z"
}
\`\`\`

\`domain\` is the site as the store normalised it (host and port, \`www.\` dropped); \`checkedAt\` is the store's clock (UTC). What each \`code\` means and what the plugin should do:

| \`code\` | \`valid\` | Meaning | What the plugin does |
| --- | --- | --- | --- |
| \`VALID\` | \`true\` | The site is bound to an active seat (or is a development host). | Enable the features; cache for 12 hours. |
| \`TOKEN_INVALID\` | \`false\` | No such code (mistyped, or regenerated in the console). | Ask for the activation code on the settings page. |
| \`DOMAIN_NOT_BOUND\` | \`false\` | The code is fine but this domain is bound to none of its seats. | Tell the site owner to bind the domain to a seat in the console. |
| \`LICENSE_EXPIRED\` | \`false\` | The seat's yearly licence has ended (\`license.expiresAt\` says when). | Offer to renew; keep the site working, stop updates. |
| \`LICENSE_REVOKED\` | \`false\` | The seat was revoked (its order was refunded). | Disable the paid features; offer to buy. |

An unbound domain:

\`\`\`bash
curl -s -X POST https://store.example.com/api/licenses/check \\
  -H "Authorization: Bearer YOUR_ACTIVATION_CODE" \\
  -H "Content-Type: application/json" \\
  -d '{"domain":"https://other-site.example"}'
\`\`\`

answers \`{"valid": false, "code": "DOMAIN_NOT_BOUND", "license": null, …}\`.

### Development hosts

\`localhost\`, \`127.0.0.1\`, \`::1\` and any \`*.local\`, \`*.test\` or \`*.localhost\` host answer \`VALID\` with \`"development": true\` for any valid code, and never use a seat:

\`\`\`bash
curl -s -X POST https://store.example.com/api/licenses/check \\
  -H "Authorization: Bearer YOUR_ACTIVATION_CODE" \\
  -H "Content-Type: application/json" \\
  -d '{"domain":"http://mysite.local"}'
\`\`\`

In PHP:

\`\`\`php
$response = wp_remote_post( 'https://store.example.com/api/licenses/check', array(
	'timeout' => 3,
	'headers' => array(
		'Authorization' => 'Bearer ' . $code,
		'Content-Type'  => 'application/json',
	),
	'body'    => wp_json_encode( array( 'domain' => home_url() ) ),
) );
if ( is_wp_error( $response ) ) {
	return null; // The store is out of reach: see "Error handling".
}
$status = wp_remote_retrieve_response_code( $response );
$body   = wp_remote_retrieve_body( $response );
$answer = json_decode( $body, true );
if ( 200 === $status && ! empty( $answer['valid'] ) ) {
	// Enabled. $answer['code'] is 'VALID'.
}
\`\`\`

## Signatures and the public key

The licence check and the update metadata carry two headers: \`X-Seatkeeper-Signature\` (base64 of the Ed25519 signature over the exact bytes of the body) and \`X-Seatkeeper-Key-Id\`. The store's public key:

\`\`\`bash
curl -s https://store.example.com/api/licenses/public-key
\`\`\`

\`\`\`json
{ "algorithm": "Ed25519", "keyId": "…", "publicKey": "…", "pem": "-----BEGIN PUBLIC KEY-----…" }
\`\`\`

Copy \`publicKey\` into the plugin you ship (pin it: never fetch it at run time, or a fake server could hand out its own). Verify every answer before trusting it:

\`\`\`php
$signature = base64_decode( wp_remote_retrieve_header( $response, 'x-seatkeeper-signature' ), true );
$trusted   = $signature && sodium_crypto_sign_verify_detached(
	$signature,
	wp_remote_retrieve_body( $response ), // the exact bytes, before json_decode
	base64_decode( MYPLUGIN_STORE_PUBLIC_KEY )
);
\`\`\`

## Update metadata: \`GET /api/wp-updates/{plugins|themes}/{slug}/info?site=<home URL>\`

The fields that plugin-update-checker and EDD-style clients read: \`name\`, \`slug\`, \`version\`, \`requires\`, \`tested\`, \`requires_php\`, \`last_updated\`, \`homepage\`, \`sections\` (\`description\`, \`installation\`, \`changelog\`, HTML), \`details_url\`, \`download_url\`, \`package\`, \`upgrade_notice\`, \`license.code\`. Send the code and the site's home URL:

\`\`\`bash
curl -s "https://store.example.com/api/wp-updates/plugins/visual-editor/info?site=https://www.example.com" \\
  -H "Authorization: Bearer YOUR_ACTIVATION_CODE"
\`\`\`

A known release always answers \`200\` (an unknown one \`404\`). \`package\` and \`download_url\` (the same link) are given only when the site is entitled; otherwise both are empty strings, \`license.code\` says why (\`TOKEN_INVALID\`, \`DOMAIN_NOT_BOUND\`, \`LICENSE_EXPIRED\`, \`LICENSE_REVOKED\`, or \`NO_ACTIVE_LICENSE\` for a development host whose owner has no active seat) and \`upgrade_notice\` tells the site owner what to do. WordPress then shows the update with "Automatic update is unavailable".

\`details_url\` (\`GET /api/wp-updates/{kind}/{slug}/details\`) is a plain HTML page with the release's changelog that wp-admin may show in its popup.

## Signed package links

\`package\` is a link of the form \`/api/wp-updates/{kind}/download/{slug}?link=…\`. The \`link\` argument is sealed by the store: it names the release, the seat and the site, and nothing in it can be read or changed. It works for 24 hours by default (the seller's \`DOWNLOAD_LINK_TTL_SECONDS\`), and at download the seat is checked again: a refund, an expiry or a seat moved to another site stops the link at once. A refused download answers \`403\` with a one-line text body: \`Licence not active for this site\`, \`Download link expired, check for updates again\` or \`Download link is invalid or expired\`. Never store the link: ask for fresh metadata just before installing.
`,
  'error-handling': `## Error answers

A request the store refuses answers a \`4xx\` status with one JSON shape:

\`\`\`json
{ "statusCode": 400, "error": "Domain is required", "message": "Domain is required", "code": "VALIDATION_FAILED" }
\`\`\`

Branch on \`code\` (stable), not on the text. The licence check's refusals (\`TOKEN_INVALID\`, \`DOMAIN_NOT_BOUND\`, \`LICENSE_EXPIRED\`, \`LICENSE_REVOKED\`) are **not** errors: they are \`200\` answers with \`"valid": false\` (see "API endpoints").

| Status | \`code\` | When | What to do |
| --- | --- | --- | --- |
| 400 | \`VALIDATION_FAILED\` | A field is missing or malformed (\`Domain is required\`). | Fix the request; do not retry it. |
| 400 | \`INVALID_URL\` | \`domain\` is not a site address (\`Must be a valid URL\`). | Send \`home_url()\`. |
| 400 | \`TOKEN_REQUIRED\` | \`POST /api/verify-token\` without a code. | Ask for the activation code. |
| 400 | \`MALFORMED_JSON\`, \`INVALID_INPUT\` | The body is not JSON, or has text the store refuses. | Fix the request. |
| 413 | \`BODY_TOO_LARGE\` | The body is over 16 kB. | Send only the documented fields. |
| 429 | \`RATE_LIMITED\` | Too many calls from this address. | Wait \`Retry-After\` seconds. |
| 5xx, timeout | — | The store is briefly unavailable. | Retry later with backoff; keep the cached answer. |

A missing domain:

\`\`\`bash
curl -s -X POST https://store.example.com/api/licenses/check \\
  -H "Authorization: Bearer YOUR_ACTIVATION_CODE" \\
  -H "Content-Type: application/json" \\
  -d '{}'
\`\`\`

A missing code on \`verify-token\`:

\`\`\`bash
curl -s -X POST https://store.example.com/api/verify-token \\
  -H "Content-Type: application/json" \\
  -d '{}'
\`\`\`

## Retries with backoff

- Every call with a 3-second timeout, so an unreachable store never hangs wp-admin.
- Never retry a \`400\`: the same request gets the same answer.
- After a \`429\`, wait the \`Retry-After\` seconds; after a \`5xx\`, a timeout or a network error, wait and double the wait each time (for example 1 minute, 2, 4 … up to 1 hour), with a little randomness so that many sites do not retry together.
- Never call the store on every page load: check from a scheduled event (WP-Cron) or when the cached answer has expired.

## What to cache, and for how long

What the store's WordPress SDK does, and what we recommend:

| What | How long | Why |
| --- | --- | --- |
| A verified \`VALID\` answer | 12 hours | A page load must not wait for the store. |
| Any other answer, or an error | 1 hour | The customer may fix it (bind the domain, renew) soon. |
| The last signed \`VALID\` answer, body and signature together | 7-day grace | While the store cannot be reached, verify it again with the pinned key and keep the features on until \`checkedAt\` (the store's clock, inside the signed body) is 7 days old. |
| Update metadata | as long as WordPress keeps its update transients | |
| The package link | never | It expires and stops when the seat changes; fetch fresh metadata before installing. |
| The public key | pinned in the plugin's code | Fetching it at run time would trust whoever answers. |

\`\`\`php
function myplugin_licence() {
	$cached = get_transient( 'myplugin_licence' );
	if ( false !== $cached ) {
		return $cached;
	}
	$response = wp_remote_post( 'https://store.example.com/api/licenses/check', array(
		'timeout' => 3,
		'body'    => array(
			'domain'      => home_url(),
			'license_key' => get_option( 'myplugin_activation_code' ),
		),
	) );
	$body      = wp_remote_retrieve_body( $response );
	$signature = base64_decode( (string) wp_remote_retrieve_header( $response, 'x-seatkeeper-signature' ), true );
	$trusted   = ! is_wp_error( $response ) && 200 === wp_remote_retrieve_response_code( $response )
		&& $signature && sodium_crypto_sign_verify_detached( $signature, $body, base64_decode( MYPLUGIN_STORE_PUBLIC_KEY ) );
	$answer    = $trusted ? json_decode( $body, true ) : null;

	if ( $answer && 'VALID' === $answer['code'] ) {
		update_option( 'myplugin_last_valid', array( 'body' => $body, 'signature' => $signature ) );
		set_transient( 'myplugin_licence', $answer, 12 * HOUR_IN_SECONDS );
		return $answer;
	}
	if ( ! $answer ) {
		// Unreachable or unverifiable: the last signed VALID answer holds for 7 days after its checkedAt.
		$last = get_option( 'myplugin_last_valid' );
		if ( $last && sodium_crypto_sign_verify_detached( $last['signature'], $last['body'], base64_decode( MYPLUGIN_STORE_PUBLIC_KEY ) ) ) {
			$previous = json_decode( $last['body'], true );
			if ( strtotime( $previous['checkedAt'] ) > time() - 7 * DAY_IN_SECONDS ) {
				$answer = $previous;
			}
		}
	}
	set_transient( 'myplugin_licence', $answer, HOUR_IN_SECONDS );
	return $answer;
}
\`\`\`
`,
};
