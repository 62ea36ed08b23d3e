<?php
/**
 * Seatkeeper licence client: the licence check, its cache, the signature and the offline grace period.
 *
 * One instance per licensed product (plugin or theme), made by Seatkeeper_Licence_Client::register().
 * The store's wire contract is described in the store's docs/wordpress.md.
 *
 * @package Seatkeeper_Licence
 */

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

if ( ! class_exists( 'Seatkeeper_Licence_Client', false ) ) :

	/**
	 * The licence check for one product.
	 */
	class Seatkeeper_Licence_Client {

		/** Seconds every call to the store may take, so a slow store never hangs wp-admin. */
		const TIMEOUT = 3;

		/** How long a VALID answer is kept before the store is asked again (12 hours). */
		const VALID_TTL = 43200;

		/** How long any other answer, or a failure to reach the store, is kept (1 hour). */
		const RETRY_TTL = 3600;

		/** How long the last signed VALID answer keeps the licence valid while the store is unreachable (7 days). */
		const GRACE = 604800;

		/** How long the update metadata is kept between WordPress's update checks (1 hour). */
		const METADATA_TTL = 3600;

		/** The codes the store answers, plus the SDK's own (NO_CODE, UNREACHABLE). */
		const VALID            = 'VALID';
		const TOKEN_INVALID    = 'TOKEN_INVALID';
		const DOMAIN_NOT_BOUND = 'DOMAIN_NOT_BOUND';
		const LICENSE_EXPIRED  = 'LICENSE_EXPIRED';
		const LICENSE_REVOKED  = 'LICENSE_REVOKED';
		/** The code's owner holds no active seat at all: a plan has to be bought before any site can be bound. */
		const NO_ACTIVE_LICENSE = 'NO_ACTIVE_LICENSE';
		const NO_CODE          = 'NO_CODE';
		const UNREACHABLE      = 'UNREACHABLE';

		/** @var Seatkeeper_Licence_Client[] Registered products by slug. */
		private static $instances = array();

		/** @var array The product's configuration. */
		private $config;

		/** @var Seatkeeper_Licence_Settings */
		public $settings;

		/** @var Seatkeeper_Licence_Updater */
		public $updater;

		/**
		 * Registers a licensed product and hooks its settings page, notices and updates.
		 *
		 * @param array $config store_url, slug, kind (plugin|theme), name, file (the main plugin file, or the
		 *                      theme's functions.php/style.css), public_key (base64 Ed25519 from
		 *                      GET /api/licenses/public-key).
		 * @return Seatkeeper_Licence_Client
		 */
		public static function register( array $config ) {
			$config = apply_filters( 'seatkeeper_licence_config', $config );
			foreach ( array( 'store_url', 'slug', 'name', 'file' ) as $key ) {
				if ( empty( $config[ $key ] ) || ! is_string( $config[ $key ] ) ) {
					// A configuration mistake of the plugin author: say so loudly in the log, do nothing.
					error_log( 'Seatkeeper licence: the configuration misses "' . $key . '".' );
				}
			}
			$config = wp_parse_args(
				$config,
				array(
					'kind'       => 'plugin',
					'store_url'  => '',
					'public_key' => '',
				)
			);
			$config['store_url'] = untrailingslashit( $config['store_url'] );
			$config['kind']      = 'theme' === $config['kind'] ? 'theme' : 'plugin';
			$client              = new self( $config );
			self::$instances[ $config['slug'] ] = $client;
			$client->settings = new Seatkeeper_Licence_Settings( $client );
			$client->updater  = new Seatkeeper_Licence_Updater( $client );
			$client->settings->hook();
			$client->updater->hook();
			return $client;
		}

		/**
		 * The registered client of a product.
		 *
		 * @param string $slug Product slug.
		 * @return Seatkeeper_Licence_Client|null
		 */
		public static function get( $slug ) {
			return isset( self::$instances[ $slug ] ) ? self::$instances[ $slug ] : null;
		}

		/**
		 * @param array $config See register().
		 */
		public function __construct( array $config ) {
			$this->config = $config;
		}

		/** @return string */
		public function slug() {
			return $this->config['slug'];
		}

		/** @return string plugin|theme */
		public function kind() {
			return $this->config['kind'];
		}

		/** @return string The product's name, as the seller wrote it. */
		public function name() {
			return $this->config['name'];
		}

		/** @return string */
		public function store_url() {
			return $this->config['store_url'];
		}

		/** @return string The main file given in the configuration. */
		public function file() {
			return $this->config['file'];
		}

		/** @return string The store's page where a customer binds sites and copies the activation code. */
		public function console_url() {
			return $this->store_url() . '/dashboard';
		}

		/** @return string The store's path segment for this kind of product. */
		public function kind_path() {
			return 'theme' === $this->kind() ? 'themes' : 'plugins';
		}

		/** @return string plugin basename (folder/file.php), or the theme's stylesheet (its folder). */
		public function basename() {
			if ( 'theme' === $this->kind() ) {
				return basename( dirname( $this->file() ) );
			}
			return plugin_basename( $this->file() );
		}

		/** @return string The installed version (its header). */
		public function installed_version() {
			if ( 'theme' === $this->kind() ) {
				return (string) wp_get_theme( $this->basename() )->get( 'Version' );
			}
			$data = get_file_data( $this->file(), array( 'Version' => 'Version' ), 'plugin' );
			return (string) $data['Version'];
		}

		/* ---------------------------------------------------------------- activation code */

		/** @return string Option holding the activation code. */
		public function code_option() {
			return 'seatkeeper_' . $this->slug() . '_code';
		}

		/** @return string The activation code, or ''. */
		public function code() {
			return trim( (string) get_option( $this->code_option(), '' ) );
		}

		/**
		 * Saves (or with '' removes) the activation code and checks it at once.
		 *
		 * @param string $code The code as pasted.
		 * @return array The new status (see status()).
		 */
		public function save_code( $code ) {
			$code = preg_replace( '/\s+/', '', (string) $code );
			if ( '' === $code ) {
				delete_option( $this->code_option() );
			} else {
				update_option( $this->code_option(), $code, false );
			}
			$this->forget();
			return $this->status( true );
		}

		/** @return string The code as shown on screen: its first and last four characters. */
		public function masked_code() {
			$code = $this->code();
			if ( '' === $code ) {
				return '';
			}
			if ( strlen( $code ) <= 8 ) {
				return str_repeat( '•', strlen( $code ) );
			}
			return substr( $code, 0, 4 ) . str_repeat( '•', 8 ) . substr( $code, -4 );
		}

		/* ---------------------------------------------------------------- the licence check */

		/**
		 * Option holding the last check's outcome and when it expires. An autoloaded option rather than a
		 * transient: WordPress reads every autoloaded option in one query at the start of each request, so a
		 * fresh cached status costs a wp-admin page no query at all (a transient costs two).
		 *
		 * @return string
		 */
		public function cache_key() {
			return 'seatkeeper_' . $this->slug() . '_licence';
		}

		/** @return string Option holding the last signed VALID answer (raw body and signature). */
		public function last_valid_option() {
			return 'seatkeeper_' . $this->slug() . '_last_valid';
		}

		/** Forgets the cached check and update metadata (after a code change). */
		public function forget() {
			delete_option( $this->cache_key() );
			delete_transient( $this->metadata_key() );
		}

		/** @return string The site's address as the store sees it (WordPress's home URL). */
		public function site_url() {
			return home_url();
		}

		/** @return string This site's domain, normalised (see normalise_domain()). */
		public function site_domain() {
			return self::normalise_domain( $this->site_url() );
		}

		/**
		 * A host as the store compares it: lower case, no scheme, path, www. prefix, trailing dot or default port.
		 *
		 * @param string $url A URL or a bare host.
		 * @return string
		 */
		public static function normalise_domain( $url ) {
			$url = strtolower( trim( (string) $url ) );
			if ( ! preg_match( '#^[a-z][a-z0-9+.-]*://#', $url ) ) {
				$url = 'http://' . $url;
			}
			$host = (string) wp_parse_url( $url, PHP_URL_HOST );
			$port = wp_parse_url( $url, PHP_URL_PORT );
			$host = rtrim( $host, '.' );
			if ( 0 === strpos( $host, 'www.' ) ) {
				$host = substr( $host, 4 );
			}
			return $port && ! in_array( (int) $port, array( 80, 443 ), true ) ? $host . ':' . $port : $host;
		}

		/**
		 * The licence status, from the cache when fresh (12 h after VALID, 1 h otherwise).
		 *
		 * @param bool $force Ask the store even when the cache is fresh.
		 * @return array code, valid, grace (bool), grace_until (unix time or null), checked_at (ISO string or
		 *               null), license (the store's seat fields or null), development (bool), error (string).
		 */
		public function status( $force = false ) {
			$fingerprint = md5( $this->code() . '|' . $this->site_domain() . '|' . $this->store_url() );
			if ( ! $force ) {
				$cached = get_option( $this->cache_key() );
				if ( is_array( $cached ) && isset( $cached['fingerprint'], $cached['expires'] ) && $cached['fingerprint'] === $fingerprint && $cached['expires'] > time() ) {
					return $cached;
				}
			}
			$status                = $this->check_now();
			$status['fingerprint'] = $fingerprint;
			$status['cached_at']   = time();
			if ( self::NO_CODE !== $status['code'] ) {
				$ttl               = ( self::VALID === $status['code'] && ! $status['grace'] ) ? self::VALID_TTL : self::RETRY_TTL;
				$status['expires'] = time() + $ttl;
				update_option( $this->cache_key(), $status, true );
			}
			return $status;
		}

		/** @return bool Whether the product is licensed on this site (a grace period counts). */
		public function is_valid() {
			$status = $this->status();
			return $status['valid'];
		}

		/**
		 * Asks the store now: POST /api/licenses/check with the home URL and the code as a bearer header.
		 *
		 * @return array See status().
		 */
		public function check_now() {
			if ( '' === $this->code() ) {
				return self::outcome( self::NO_CODE );
			}
			$args = array(
				'timeout'     => self::TIMEOUT,
				'redirection' => 0,
				'headers'     => array(
					'Authorization' => 'Bearer ' . $this->code(),
					'Accept'        => 'application/json',
				),
				'body'        => array_merge( array( 'domain' => $this->site_url() ), $this->insights() ),
			);
			if ( ! self::insights_allowed() ) {
				$args['user-agent'] = self::plain_agent();
			}
			$response = wp_remote_post( $this->store_url() . '/api/licenses/check', $args );
			$answer = $this->signed_answer( $response );
			if ( is_wp_error( $answer ) ) {
				return $this->unreachable( $answer->get_error_message() );
			}
			$problem = $this->stale_or_foreign( $answer );
			if ( $problem ) {
				return $this->unreachable( $problem );
			}
			$code = isset( $answer['json']['code'] ) ? (string) $answer['json']['code'] : '';
			if ( self::VALID === $code && ! empty( $answer['json']['valid'] ) ) {
				update_option(
					$this->last_valid_option(),
					array(
						'body'      => $answer['body'],
						'signature' => $answer['signature'],
					),
					false
				);
				return self::outcome( self::VALID, $answer['json'] );
			}
			if ( ! in_array( $code, array( self::TOKEN_INVALID, self::DOMAIN_NOT_BOUND, self::LICENSE_EXPIRED, self::LICENSE_REVOKED, self::NO_ACTIVE_LICENSE ), true ) ) {
				return $this->unreachable( 'The licence server answered an unknown code.' );
			}
			// A signed refusal ends any grace period: a revoked seat must not come back while the store is down.
			delete_option( $this->last_valid_option() );
			if ( self::DOMAIN_NOT_BOUND === $code && self::NO_ACTIVE_LICENSE === $this->update_code() ) {
				// Not bound because there is no seat to bind to: the owner is told to buy a plan, not to bind.
				return self::outcome( self::NO_ACTIVE_LICENSE, $answer['json'] );
			}
			return self::outcome( $code, $answer['json'] );
		}

		/**
		 * Whether the site lets the store learn its versions and locale (the store's docs/insights.md): yes,
		 * unless wp-config.php defines SEATKEEPER_NO_INSIGHTS as true.
		 *
		 * @return bool
		 */
		public static function insights_allowed() {
			return ! ( defined( 'SEATKEEPER_NO_INSIGHTS' ) && SEATKEEPER_NO_INSIGHTS );
		}

		/**
		 * The User-Agent sent with SEATKEEPER_NO_INSIGHTS, instead of WordPress's own (which names its version).
		 *
		 * @return string
		 */
		public static function plain_agent() {
			return 'Seatkeeper-Licence/' . ( defined( 'SEATKEEPER_LICENCE_SDK_VERSION' ) ? SEATKEEPER_LICENCE_SDK_VERSION : '1' );
		}

		/**
		 * What the licence check tells the store about this install, besides the domain: the product and its
		 * version, the WordPress and PHP versions and the site's locale. Nothing with SEATKEEPER_NO_INSIGHTS.
		 *
		 * @return array
		 */
		public function insights() {
			if ( ! self::insights_allowed() ) {
				return array();
			}
			return array(
				'product'     => $this->slug(),
				'kind'        => $this->kind(),
				'version'     => $this->installed_version(),
				'wp_version'  => (string) get_bloginfo( 'version' ),
				'php_version' => PHP_VERSION,
				'locale'      => (string) get_locale(),
			);
		}

		/**
		 * The update check's arguments of install insights (plugin-update-checker's names): the installed
		 * version, PHP version and locale. Nothing with SEATKEEPER_NO_INSIGHTS.
		 *
		 * @return array
		 */
		public function update_insights() {
			if ( ! self::insights_allowed() ) {
				return array();
			}
			return array(
				'installed_version' => $this->installed_version(),
				'php'               => PHP_VERSION,
				'locale'            => (string) get_locale(),
			);
		}

		/**
		 * Reads a store answer: HTTP 200, a valid Ed25519 signature over the raw body, JSON.
		 *
		 * @param array|WP_Error $response From wp_remote_*.
		 * @return array|WP_Error body, signature, json.
		 */
		public function signed_answer( $response ) {
			if ( is_wp_error( $response ) ) {
				return new WP_Error( 'seatkeeper_unreachable', 'The licence server could not be reached: ' . $response->get_error_message() );
			}
			$status = (int) wp_remote_retrieve_response_code( $response );
			if ( 200 !== $status ) {
				return new WP_Error( 'seatkeeper_http', 'The licence server answered HTTP ' . $status . '.' );
			}
			$body      = (string) wp_remote_retrieve_body( $response );
			$signature = (string) wp_remote_retrieve_header( $response, 'x-seatkeeper-signature' );
			if ( ! $this->verify( $body, $signature ) ) {
				return new WP_Error( 'seatkeeper_signature', 'The licence server\'s answer is not signed with its key: it was refused.' );
			}
			$json = json_decode( $body, true );
			if ( ! is_array( $json ) ) {
				return new WP_Error( 'seatkeeper_json', 'The licence server\'s answer is not JSON.' );
			}
			return array(
				'body'      => $body,
				'signature' => $signature,
				'json'      => $json,
			);
		}

		/**
		 * Verifies the store's signature (base64 Ed25519, detached) over the exact body bytes.
		 *
		 * @param string $body      Raw body.
		 * @param string $signature Base64 signature from X-Seatkeeper-Signature.
		 * @return bool
		 */
		public function verify( $body, $signature ) {
			$key = base64_decode( $this->public_key(), true );
			$sig = base64_decode( trim( (string) $signature ), true );
			if ( false === $key || false === $sig || 32 !== strlen( $key ) || 64 !== strlen( $sig ) ) {
				return false;
			}
			try {
				return sodium_crypto_sign_verify_detached( $sig, (string) $body, $key );
			} catch ( Exception $e ) { // SodiumException, or sodium_compat's.
				return false;
			} catch ( Error $e ) {
				return false;
			}
		}

		/**
		 * The store's public key (base64): the configured one, else the key pinned on first use.
		 *
		 * A product built without its store's key (the sample releases, which any store instance may serve)
		 * fetches GET /api/licenses/public-key once and keeps it: every later answer must match that key.
		 *
		 * @return string
		 */
		public function public_key() {
			if ( '' !== (string) $this->config['public_key'] ) {
				return (string) $this->config['public_key'];
			}
			$option = 'seatkeeper_' . $this->slug() . '_pinned_key';
			$pinned = get_option( $option );
			// Pinned once for the product, whatever its store URL becomes: a changed URL must not re-pin.
			if ( is_array( $pinned ) && isset( $pinned['key'] ) ) {
				return (string) $pinned['key'];
			}
			$response = wp_remote_get(
				$this->store_url() . '/api/licenses/public-key',
				array(
					'timeout'     => self::TIMEOUT,
					'redirection' => 0,
				)
			);
			if ( is_wp_error( $response ) || 200 !== (int) wp_remote_retrieve_response_code( $response ) ) {
				return '';
			}
			$json = json_decode( (string) wp_remote_retrieve_body( $response ), true );
			$key  = is_array( $json ) && isset( $json['publicKey'] ) ? (string) $json['publicKey'] : '';
			$raw  = base64_decode( $key, true );
			if ( false === $raw || 32 !== strlen( $raw ) ) {
				return '';
			}
			update_option(
				$option,
				array(
					'store'  => $this->store_url(),
					'key'    => $key,
					'key_id' => isset( $json['keyId'] ) ? (string) $json['keyId'] : '',
				),
				false
			);
			return $key;
		}

		/**
		 * Which key the answers must be signed with, for the settings page.
		 *
		 * @return array configured (bool), key_id (the store's keyId spelling: first 16 hex of SHA-256 of the key).
		 */
		public function key_info() {
			$configured = '' !== (string) $this->config['public_key'];
			$key        = $configured ? (string) $this->config['public_key'] : '';
			if ( ! $configured ) {
				$pinned = get_option( 'seatkeeper_' . $this->slug() . '_pinned_key' );
				$key    = is_array( $pinned ) && isset( $pinned['key'] ) ? (string) $pinned['key'] : '';
			}
			$raw = base64_decode( $key, true );
			return array(
				'configured' => $configured,
				'key_id'     => false !== $raw && 32 === strlen( $raw ) ? substr( hash( 'sha256', $raw ), 0, 16 ) : '',
			);
		}

		/**
		 * Whether a signed check answer is about another site or too old to count (a replayed answer).
		 *
		 * @param array $answer From signed_answer().
		 * @return string The problem, or ''.
		 */
		private function stale_or_foreign( array $answer ) {
			$json = $answer['json'];
			if ( empty( $json['domain'] ) || self::normalise_domain( $json['domain'] ) !== $this->site_domain() ) {
				return 'The licence server\'s answer is about another site: it was refused.';
			}
			$checked = isset( $json['checkedAt'] ) ? strtotime( (string) $json['checkedAt'] ) : false;
			if ( ! $checked || $checked < time() - self::GRACE ) {
				return 'The licence server\'s answer is too old: it was refused.';
			}
			return '';
		}

		/**
		 * The store could not give a usable answer: the last signed VALID answer counts for 7 days.
		 *
		 * @param string $error What went wrong.
		 * @return array See status().
		 */
		private function unreachable( $error ) {
			$last = $this->last_valid();
			if ( $last ) {
				$outcome                = self::outcome( self::VALID, $last['json'] );
				$outcome['grace']       = true;
				$outcome['grace_until'] = $last['checked'] + self::GRACE;
				$outcome['error']       = $error;
				return $outcome;
			}
			$outcome          = self::outcome( self::UNREACHABLE );
			$outcome['error'] = $error;
			return $outcome;
		}

		/**
		 * The last signed VALID answer, when its signature, site and age (7 days) still hold.
		 *
		 * @return array|null json, checked (unix time).
		 */
		public function last_valid() {
			$stored = get_option( $this->last_valid_option() );
			if ( ! is_array( $stored ) || ! isset( $stored['body'], $stored['signature'] ) ) {
				return null;
			}
			if ( ! $this->verify( $stored['body'], $stored['signature'] ) ) {
				return null;
			}
			$json = json_decode( $stored['body'], true );
			if ( ! is_array( $json ) || ! isset( $json['code'] ) || self::VALID !== $json['code'] ) {
				return null;
			}
			if ( $this->stale_or_foreign( array( 'json' => $json ) ) ) {
				return null;
			}
			return array(
				'json'    => $json,
				'checked' => strtotime( (string) $json['checkedAt'] ),
			);
		}

		/**
		 * @param string $code A code.
		 * @param array  $json The store's answer.
		 * @return array See status().
		 */
		private static function outcome( $code, array $json = array() ) {
			return array(
				'code'        => $code,
				'valid'       => self::VALID === $code,
				'grace'       => false,
				'grace_until' => null,
				'checked_at'  => isset( $json['checkedAt'] ) ? (string) $json['checkedAt'] : null,
				'license'     => isset( $json['license'] ) && is_array( $json['license'] ) ? $json['license'] : null,
				'development' => ! empty( $json['development'] ),
				'error'       => '',
			);
		}

		/* ---------------------------------------------------------------- update metadata */

		/** @return string Transient of the last update metadata. */
		public function metadata_key() {
			return 'seatkeeper_' . $this->slug() . '_update';
		}

		/**
		 * The store's update metadata for this site (GET /api/wp-updates/{kind}/{slug}/info?site=...), signed.
		 *
		 * @param bool $fresh Ask the store even when the cached metadata is fresh (before a download).
		 * @return array|WP_Error
		 */
		public function metadata( $fresh = false ) {
			if ( ! $fresh ) {
				$cached = get_transient( $this->metadata_key() );
				if ( is_array( $cached ) ) {
					return $cached;
				}
			}
			$headers = array( 'Accept' => 'application/json' );
			if ( '' !== $this->code() ) {
				$headers['Authorization'] = 'Bearer ' . $this->code();
			}
			$url  = add_query_arg(
				array_map( 'rawurlencode', array_merge( array( 'site' => $this->site_url() ), $this->update_insights() ) ),
				$this->store_url() . '/api/wp-updates/' . $this->kind_path() . '/' . rawurlencode( $this->slug() ) . '/info'
			);
			$args = array(
				'timeout'     => self::TIMEOUT,
				'redirection' => 0,
				'headers'     => $headers,
			);
			if ( ! self::insights_allowed() ) {
				// WordPress's own User-Agent names its version: with the opt-out the SDK sends a plain one.
				$args['user-agent'] = self::plain_agent();
			}
			$response = wp_remote_get( $url, $args );
			$answer   = $this->signed_answer( $response );
			if ( is_wp_error( $answer ) ) {
				return $answer;
			}
			$meta = $answer['json'];
			if ( empty( $meta['version'] ) ) {
				return new WP_Error( 'seatkeeper_metadata', 'The update metadata names no version.' );
			}
			set_transient( $this->metadata_key(), $meta, self::METADATA_TTL );
			return $meta;
		}

		/**
		 * The licence code the store's update metadata gives this site (asked afresh, signed), or '' when it
		 * could not be read. It tells NO_ACTIVE_LICENSE (no seat at all) apart from an unbound site.
		 *
		 * @return string
		 */
		public function update_code() {
			$meta = $this->metadata( true );
			if ( is_wp_error( $meta ) || ! isset( $meta['license']['code'] ) ) {
				return '';
			}
			return (string) $meta['license']['code'];
		}

		/**
		 * Whether a URL is one of this product's package links on the store.
		 *
		 * @param string $url A package URL.
		 * @return bool
		 */
		public function is_package_url( $url ) {
			$prefix = $this->store_url() . '/api/wp-updates/' . $this->kind_path() . '/download/' . $this->slug();
			return is_string( $url ) && 0 === strpos( $url, $prefix );
		}
	}

endif;
