<?php
/**
 * Seatkeeper updates through WordPress's own hooks: the update transients, "View details" and a fresh
 * package link fetched just before the download.
 *
 * @package Seatkeeper_Licence
 */

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

if ( ! class_exists( 'Seatkeeper_Licence_Updater', false ) ) :

	/**
	 * Offers the store's releases to WordPress's updater.
	 */
	class Seatkeeper_Licence_Updater {

		/** @var Seatkeeper_Licence_Client */
		private $client;

		/**
		 * @param Seatkeeper_Licence_Client $client The product's client.
		 */
		public function __construct( Seatkeeper_Licence_Client $client ) {
			$this->client = $client;
		}

		/** Hooks the update transient, "View details" and the download. */
		public function hook() {
			if ( 'theme' === $this->client->kind() ) {
				add_filter( 'pre_set_site_transient_update_themes', array( $this, 'offer_theme_update' ) );
			} else {
				add_filter( 'pre_set_site_transient_update_plugins', array( $this, 'offer_plugin_update' ) );
				add_filter( 'plugins_api', array( $this, 'plugin_information' ), 20, 3 );
				add_action( 'in_plugin_update_message-' . $this->client->basename(), array( $this, 'update_message' ), 10, 2 );
			}
			add_filter( 'upgrader_pre_download', array( $this, 'fresh_package' ), 10, 4 );
		}

		/**
		 * Adds this plugin to WordPress's plugin update transient (an update, or "no update" for auto-updates).
		 *
		 * @param object|false $transient The update_plugins transient being saved.
		 * @return object|false
		 */
		public function offer_plugin_update( $transient ) {
			// Not only when `checked` is filled: WordPress also saves the transient before asking WordPress.org,
			// and stops there when WordPress.org is unreachable.
			if ( ! is_object( $transient ) ) {
				return $transient;
			}
			$file = $this->client->basename();
			$meta = $this->client->metadata();
			if ( is_wp_error( $meta ) ) {
				return $transient;
			}
			$item = (object) array(
				'id'             => $this->client->store_url() . '/' . $this->client->slug(),
				'slug'           => $this->client->slug(),
				'plugin'         => $file,
				'new_version'    => (string) $meta['version'],
				'url'            => isset( $meta['homepage'] ) ? $meta['homepage'] : $this->client->store_url(),
				'package'        => self::package_of( $meta ),
				'tested'         => isset( $meta['tested'] ) ? $meta['tested'] : '',
				'requires'       => isset( $meta['requires'] ) ? $meta['requires'] : '',
				'requires_php'   => isset( $meta['requires_php'] ) ? $meta['requires_php'] : '',
				'upgrade_notice' => isset( $meta['upgrade_notice'] ) ? wp_strip_all_tags( $meta['upgrade_notice'] ) : '',
				'icons'          => isset( $meta['icons'] ) ? (array) $meta['icons'] : array(),
				'banners'        => isset( $meta['banners'] ) ? (array) $meta['banners'] : array(),
			);
			$installed = $this->client->installed_version();
			if ( version_compare( $item->new_version, $installed, '>' ) ) {
				$transient->response[ $file ] = $item;
				unset( $transient->no_update[ $file ] );
			} else {
				$transient->no_update[ $file ] = $item;
				unset( $transient->response[ $file ] );
			}
			return $transient;
		}

		/**
		 * Adds this theme to WordPress's theme update transient.
		 *
		 * @param object|false $transient The update_themes transient being saved.
		 * @return object|false
		 */
		public function offer_theme_update( $transient ) {
			// Not only when `checked` is filled: WordPress also saves the transient before asking WordPress.org,
			// and stops there when WordPress.org is unreachable.
			if ( ! is_object( $transient ) ) {
				return $transient;
			}
			$stylesheet = $this->client->basename();
			$meta       = $this->client->metadata();
			if ( is_wp_error( $meta ) ) {
				return $transient;
			}
			$item      = array(
				'theme'        => $stylesheet,
				'new_version'  => (string) $meta['version'],
				// wp-admin opens this in a frame for "View version x details": the store's frameable page.
				'url'          => isset( $meta['details_url'] ) ? $meta['details_url'] : $this->client->store_url(),
				'package'      => self::package_of( $meta ),
				'requires'     => isset( $meta['requires'] ) ? $meta['requires'] : '',
				'requires_php' => isset( $meta['requires_php'] ) ? $meta['requires_php'] : '',
			);
			$installed = $this->client->installed_version();
			if ( version_compare( $item['new_version'], $installed, '>' ) ) {
				$transient->response[ $stylesheet ] = $item;
				unset( $transient->no_update[ $stylesheet ] );
			} else {
				$transient->no_update[ $stylesheet ] = $item;
				unset( $transient->response[ $stylesheet ] );
			}
			return $transient;
		}

		/**
		 * "View details" on the Plugins page: the store's metadata as plugins_api answers it.
		 *
		 * @param false|object|array $result The answer so far.
		 * @param string             $action plugins_api action.
		 * @param object             $args   Its arguments (slug).
		 * @return false|object|array
		 */
		public function plugin_information( $result, $action, $args ) {
			if ( 'plugin_information' !== $action || ! is_object( $args ) || empty( $args->slug ) || $args->slug !== $this->client->slug() ) {
				return $result;
			}
			$meta = $this->client->metadata();
			if ( is_wp_error( $meta ) ) {
				return $meta;
			}
			$sections = isset( $meta['sections'] ) && is_array( $meta['sections'] ) ? $meta['sections'] : array();
			if ( ! empty( $meta['upgrade_notice'] ) ) {
				$sections['upgrade_notice'] = '<p>' . esc_html( wp_strip_all_tags( $meta['upgrade_notice'] ) ) . '</p>';
			}
			return (object) array(
				'name'          => isset( $meta['name'] ) ? $meta['name'] : $this->client->name(),
				'slug'          => $this->client->slug(),
				'version'       => (string) $meta['version'],
				'author'        => isset( $meta['author'] ) ? $meta['author'] : '',
				'homepage'      => isset( $meta['homepage'] ) ? $meta['homepage'] : $this->client->store_url(),
				'requires'      => isset( $meta['requires'] ) ? $meta['requires'] : '',
				'tested'        => isset( $meta['tested'] ) ? $meta['tested'] : '',
				'requires_php'  => isset( $meta['requires_php'] ) ? $meta['requires_php'] : '',
				'last_updated'  => isset( $meta['last_updated'] ) ? $meta['last_updated'] : '',
				'sections'      => $sections,
				'download_link' => self::package_of( $meta ),
				'banners'       => isset( $meta['banners'] ) ? (array) $meta['banners'] : array(),
				'icons'         => isset( $meta['icons'] ) ? (array) $meta['icons'] : array(),
				'external'      => true,
			);
		}

		/**
		 * The Plugins page's update row: when no package is offered, say why (the store's upgrade notice).
		 *
		 * @param array  $plugin_data The plugin's headers.
		 * @param object $response    Its update item.
		 */
		public function update_message( $plugin_data, $response ) {
			if ( is_object( $response ) && empty( $response->package ) && ! empty( $response->upgrade_notice ) ) {
				echo ' <strong class="seatkeeper-update-notice">' . esc_html( $response->upgrade_notice ) . '</strong>';
			}
		}

		/**
		 * Just before WordPress downloads this product, asks the store again and downloads its new link: the
		 * link cached in the update transient (up to 12 hours old) may have expired, and a seat may have changed.
		 *
		 * @param false|string|WP_Error $reply      Earlier filters' answer.
		 * @param string                $package    The package URL from the transient.
		 * @param WP_Upgrader           $upgrader   The upgrader.
		 * @param array                 $hook_extra plugin / theme being upgraded.
		 * @return false|string|WP_Error A local file, an error, or false to let WordPress download $package.
		 */
		public function fresh_package( $reply, $package, $upgrader = null, $hook_extra = array() ) {
			if ( false !== $reply || ! $this->is_ours( $package, (array) $hook_extra ) ) {
				return $reply;
			}
			$meta = $this->client->metadata( true );
			if ( is_wp_error( $meta ) ) {
				return new WP_Error( 'seatkeeper_metadata', $meta->get_error_message() );
			}
			$fresh = self::package_of( $meta );
			if ( '' === $fresh ) {
				$why = ! empty( $meta['upgrade_notice'] ) ? wp_strip_all_tags( $meta['upgrade_notice'] ) : __( 'The store offers no package for this site.', 'seatkeeper-licence' );
				return new WP_Error( 'seatkeeper_no_package', $why );
			}
			if ( $upgrader && isset( $upgrader->skin ) ) {
				$upgrader->skin->feedback( 'downloading_package', esc_html( preg_replace( '/\?.*$/', '', $fresh ) ) );
			}
			// The zip itself may take longer than an API call: WordPress's own download timeout applies.
			$file = download_url( $fresh, 300 );
			if ( is_wp_error( $file ) ) {
				return new WP_Error( 'download_failed', __( 'Download failed.', 'seatkeeper-licence' ) . ' ' . self::refusal( $file ) );
			}
			return $file;
		}

		/**
		 * Why a download failed: the store's plain-text reason (WordPress keeps the first kilobyte of a refused
		 * download's body in the error data, and replaces the reason phrase by the standard one, e.g. Forbidden).
		 *
		 * @param WP_Error $error From download_url().
		 * @return string
		 */
		public static function refusal( WP_Error $error ) {
			$data = $error->get_error_data();
			if ( is_array( $data ) && ! empty( $data['body'] ) && is_string( $data['body'] ) ) {
				$reason = trim( wp_strip_all_tags( $data['body'] ) );
				if ( '' !== $reason && strlen( $reason ) <= 300 && '{' !== $reason[0] ) {
					return $reason;
				}
			}
			return $error->get_error_message();
		}

		/**
		 * @param string $package    Package URL.
		 * @param array  $hook_extra The upgrader's extra arguments.
		 * @return bool Whether the upgrader is installing this product.
		 */
		private function is_ours( $package, array $hook_extra ) {
			if ( $this->client->is_package_url( $package ) ) {
				return true;
			}
			if ( 'theme' === $this->client->kind() ) {
				return isset( $hook_extra['theme'] ) && $hook_extra['theme'] === $this->client->basename();
			}
			return isset( $hook_extra['plugin'] ) && $hook_extra['plugin'] === $this->client->basename();
		}

		/**
		 * @param array $meta The store's metadata.
		 * @return string The package URL ('' when this site is not entitled).
		 */
		private static function package_of( array $meta ) {
			if ( ! empty( $meta['package'] ) ) {
				return (string) $meta['package'];
			}
			return ! empty( $meta['download_url'] ) ? (string) $meta['download_url'] : '';
		}
	}

endif;
