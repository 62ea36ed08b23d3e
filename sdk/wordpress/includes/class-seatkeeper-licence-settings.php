<?php
/**
 * Seatkeeper licence settings page (Settings → <Product> licence) and the admin notices.
 *
 * @package Seatkeeper_Licence
 */

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

if ( ! class_exists( 'Seatkeeper_Licence_Settings', false ) ) :

	/**
	 * The activation code form, the licence status and a notice saying what to do when it is not valid.
	 */
	class Seatkeeper_Licence_Settings {

		/** @var Seatkeeper_Licence_Client */
		private $client;

		/**
		 * @param Seatkeeper_Licence_Client $client The product's client.
		 */
		public function __construct( Seatkeeper_Licence_Client $client ) {
			$this->client = $client;
		}

		/** Hooks the page, its form handler and the notices. */
		public function hook() {
			add_action( 'admin_menu', array( $this, 'add_page' ) );
			add_action( 'admin_post_' . $this->action(), array( $this, 'handle_form' ) );
			add_action( 'admin_notices', array( $this, 'render_notice' ) );
		}

		/** @return string The settings page's slug. */
		public function page_slug() {
			return 'seatkeeper-' . $this->client->slug() . '-licence';
		}

		/** @return string The form's admin-post action (and nonce action). */
		public function action() {
			return 'seatkeeper_' . $this->client->slug() . '_licence';
		}

		/** @return string The settings page's URL. */
		public function page_url() {
			return admin_url( 'options-general.php?page=' . $this->page_slug() );
		}

		/** @return string The menu title, as the store's upgrade notice names it ("Settings → <Product> licence"). */
		public function title() {
			/* translators: %s: product name */
			return sprintf( __( '%s licence', 'seatkeeper-licence' ), $this->client->name() );
		}

		/** Adds Settings → <Product> licence. */
		public function add_page() {
			add_options_page( $this->title(), $this->title(), 'manage_options', $this->page_slug(), array( $this, 'render_page' ) );
		}

		/**
		 * The form's handler (admin-post.php): saves or removes the code, checks it, goes back to the page.
		 */
		public function handle_form() {
			if ( ! current_user_can( 'manage_options' ) ) {
				wp_die( esc_html__( 'You are not allowed to change the licence.', 'seatkeeper-licence' ), 403 );
			}
			check_admin_referer( $this->action() );
			$remove = isset( $_POST['seatkeeper_remove'] );
			$code   = isset( $_POST['seatkeeper_code'] ) ? sanitize_text_field( wp_unslash( $_POST['seatkeeper_code'] ) ) : '';
			if ( $remove ) {
				$this->client->save_code( '' );
			} elseif ( '' !== $code ) {
				$this->client->save_code( $code );
			} else {
				// An empty field keeps the saved code (it is never shown in full): check it again.
				$this->client->forget();
				$this->client->status( true );
			}
			wp_safe_redirect( add_query_arg( 'seatkeeper-saved', '1', $this->page_url() ) );
			exit;
		}

		/** The settings page. */
		public function render_page() {
			if ( ! current_user_can( 'manage_options' ) ) {
				return;
			}
			$status = $this->client->status();
			$masked = $this->client->masked_code();
			echo '<div class="wrap seatkeeper-licence">';
			echo '<h1>' . esc_html( $this->title() ) . '</h1>';
			echo '<p>' . wp_kses_post(
				sprintf(
					/* translators: 1: product name, 2: console link */
					__( 'Paste the activation code from the store console (%2$s) to receive %1$s updates on this site, and bind this site to one of your seats there.', 'seatkeeper-licence' ),
					esc_html( $this->client->name() ),
					'<a href="' . esc_url( $this->client->console_url() ) . '" target="_blank" rel="noopener">' . esc_html( $this->client->console_url() ) . '</a>'
				)
			) . '</p>';
			echo '<form method="post" action="' . esc_url( admin_url( 'admin-post.php' ) ) . '">';
			echo '<input type="hidden" name="action" value="' . esc_attr( $this->action() ) . '">';
			wp_nonce_field( $this->action() );
			echo '<table class="form-table" role="presentation"><tr><th scope="row"><label for="seatkeeper_code">' . esc_html__( 'Activation code', 'seatkeeper-licence' ) . '</label></th><td>';
			echo '<input type="password" class="regular-text code" id="seatkeeper_code" name="seatkeeper_code" value="" autocomplete="off" placeholder="' . esc_attr( $masked ) . '">';
			if ( '' !== $masked ) {
				echo '<p class="description">' . esc_html__( 'Saved code:', 'seatkeeper-licence' ) . ' <code>' . esc_html( $masked ) . '</code> ' . esc_html__( '(leave the field empty to keep it)', 'seatkeeper-licence' ) . '</p>';
			}
			echo '</td></tr><tr><th scope="row">' . esc_html__( 'Licence status', 'seatkeeper-licence' ) . '</th><td>';
			echo '<p class="seatkeeper-status" data-code="' . esc_attr( $status['code'] ) . '"><strong>' . esc_html( $this->status_label( $status ) ) . '</strong></p>';
			$advice = $this->advice( $status );
			if ( '' !== $advice ) {
				echo '<p class="description">' . wp_kses_post( $advice ) . '</p>';
			}
			echo '<p class="description">' . esc_html(
				sprintf(
					/* translators: %s: the site's domain */
					__( 'This site: %s', 'seatkeeper-licence' ),
					$this->client->site_domain()
				)
			) . '</p>';
			$key = $this->client->key_info();
			if ( '' !== $key['key_id'] ) {
				echo '<p class="description seatkeeper-key">' . esc_html(
					sprintf(
						/* translators: 1: key id */
						$key['configured'] ? __( 'Answers must be signed with the store key %1$s.', 'seatkeeper-licence' ) : __( 'Answers must be signed with the store key %1$s (pinned when this site first reached the store: compare it with the keyId the store publishes at /api/licenses/public-key).', 'seatkeeper-licence' ),
						$key['key_id']
					)
				) . '</p>';
			}
			echo '</td></tr></table>';
			submit_button( __( 'Save and check', 'seatkeeper-licence' ), 'primary', 'submit', false );
			if ( '' !== $masked ) {
				echo ' ';
				submit_button( __( 'Remove the code', 'seatkeeper-licence' ), 'secondary', 'seatkeeper_remove', false );
			}
			echo '</form></div>';
		}

		/**
		 * @param array $status From the client.
		 * @return string A short status line.
		 */
		public function status_label( array $status ) {
			switch ( $status['code'] ) {
				case Seatkeeper_Licence_Client::VALID:
					if ( $status['grace'] ) {
						/* translators: %s: date */
						return sprintf( __( 'Valid (the store is unreachable; the last verified answer counts until %s)', 'seatkeeper-licence' ), $this->date( $status['grace_until'] ) );
					}
					return $status['development'] ? __( 'Valid (development site)', 'seatkeeper-licence' ) : __( 'Valid', 'seatkeeper-licence' );
				case Seatkeeper_Licence_Client::NO_CODE:
					return __( 'No activation code', 'seatkeeper-licence' );
				case Seatkeeper_Licence_Client::TOKEN_INVALID:
					return __( 'Invalid activation code', 'seatkeeper-licence' );
				case Seatkeeper_Licence_Client::DOMAIN_NOT_BOUND:
					return __( 'This site is not bound to a seat', 'seatkeeper-licence' );
				case Seatkeeper_Licence_Client::NO_ACTIVE_LICENSE:
					return __( 'No active licence', 'seatkeeper-licence' );
				case Seatkeeper_Licence_Client::LICENSE_REVOKED:
					return __( 'Seat revoked', 'seatkeeper-licence' );
				case Seatkeeper_Licence_Client::LICENSE_EXPIRED:
					return __( 'Licence expired', 'seatkeeper-licence' );
				default:
					return __( 'Could not verify the licence', 'seatkeeper-licence' );
			}
		}

		/**
		 * What the site owner should do, as HTML (links escaped), or '' when nothing.
		 *
		 * @param array $status From the client.
		 * @return string
		 */
		public function advice( array $status ) {
			$name    = esc_html( $this->client->name() );
			$console = '<a href="' . esc_url( $this->client->console_url() ) . '">' . esc_html__( 'the store console', 'seatkeeper-licence' ) . '</a>';
			$page    = '<a href="' . esc_url( $this->page_url() ) . '">' . esc_html( sprintf( __( 'Settings → %s', 'seatkeeper-licence' ), $this->title() ) ) . '</a>';
			$domain  = '<code>' . esc_html( $this->client->site_domain() ) . '</code>';
			switch ( $status['code'] ) {
				case Seatkeeper_Licence_Client::VALID:
					if ( $status['grace'] ) {
						/* translators: 1: product, 2: error, 3: date */
						return sprintf( __( '%1$s could not reach its licence server (%2$s). Updates pause; the licence stays valid until %3$s. Check that this site can reach the store.', 'seatkeeper-licence' ), $name, esc_html( $status['error'] ), esc_html( $this->date( $status['grace_until'] ) ) );
					}
					return '';
				case Seatkeeper_Licence_Client::NO_CODE:
					/* translators: 1: product, 2: settings link, 3: console link */
					return sprintf( __( '%1$s needs its activation code: copy it from %3$s and paste it in %2$s.', 'seatkeeper-licence' ), $name, $page, $console );
				case Seatkeeper_Licence_Client::TOKEN_INVALID:
					/* translators: 1: product, 2: settings link, 3: console link */
					return sprintf( __( 'The %1$s activation code is not valid (it may have been regenerated). Copy the current code from %3$s and paste it in %2$s.', 'seatkeeper-licence' ), $name, $page, $console );
				case Seatkeeper_Licence_Client::DOMAIN_NOT_BOUND:
					/* translators: 1: product, 2: domain, 3: console link */
					return sprintf( __( 'This site (%2$s) is not bound to a %1$s seat: bind %2$s to a free seat in %3$s, then check again.', 'seatkeeper-licence' ), $name, $domain, $console );
				case Seatkeeper_Licence_Client::NO_ACTIVE_LICENSE:
					/* translators: 1: product, 2: console link */
					return sprintf( __( 'Your account holds no active %1$s licence: buy a plan in %2$s, then bind this site to one of its seats.', 'seatkeeper-licence' ), $name, $console );
				case Seatkeeper_Licence_Client::LICENSE_REVOKED:
					/* translators: 1: product, 2: console link */
					return sprintf( __( 'The %1$s seat bound to this site was revoked (its order was refunded). Buy a licence or bind this site to another seat in %2$s.', 'seatkeeper-licence' ), $name, $console );
				case Seatkeeper_Licence_Client::LICENSE_EXPIRED:
					$until = isset( $status['license']['expiresAt'] ) ? ' (' . esc_html( $this->date( strtotime( $status['license']['expiresAt'] ) ) ) . ')' : '';
					/* translators: 1: product, 2: expiry date, 3: console link */
					return sprintf( __( 'The %1$s licence of this site expired%2$s. Renew it in %3$s to receive updates again.', 'seatkeeper-licence' ), $name, $until, $console );
				default:
					/* translators: 1: product, 2: error, 3: store URL */
					return sprintf( __( '%1$s could not verify its licence: %2$s Check that this site can reach %3$s; the check is tried again within an hour.', 'seatkeeper-licence' ), $name, esc_html( $status['error'] ), esc_html( $this->client->store_url() ) );
			}
		}

		/** The admin notice: shown to administrators whenever the licence needs something from them. */
		public function render_notice() {
			if ( ! current_user_can( 'manage_options' ) ) {
				return;
			}
			$status = $this->client->status();
			$advice = $this->advice( $status );
			if ( '' === $advice ) {
				return;
			}
			$type = Seatkeeper_Licence_Client::VALID === $status['code'] ? 'warning' : 'error';
			echo '<div class="notice notice-' . esc_attr( $type ) . ' seatkeeper-notice" data-seatkeeper="' . esc_attr( $this->client->slug() ) . '" data-code="' . esc_attr( $status['code'] ) . '"><p>' . wp_kses_post( $advice ) . '</p></div>';
		}

		/**
		 * @param int|null $time Unix time.
		 * @return string The date in the site's format.
		 */
		private function date( $time ) {
			return $time ? wp_date( get_option( 'date_format' ) . ' ' . get_option( 'time_format' ), (int) $time ) : '';
		}
	}

endif;
