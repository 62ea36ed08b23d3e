<?php
/**
 * The WordPress side of scripts/wordpress-suite.mjs: one command per run, on a real WordPress (Debian's
 * /usr/share/wordpress, a MariaDB database, the wp-config.php the suite wrote), answering one JSON line.
 *
 *   php driver.php <site dir> <command> [JSON arguments]
 *
 * The commands go through the SDK's and WordPress's own code paths (the settings form's admin-post handler,
 * the update transients, Plugin_Upgrader / Theme_Upgrader, plugins_api, admin_notices); nothing is mocked.
 *
 * @package Seatkeeper_Licence
 */

// phpcs:disable WordPress.Security, WordPress.PHP.DevelopmentFunctions

if ( PHP_SAPI !== 'cli' ) {
	exit( 1 );
}

$site    = rtrim( $argv[1], '/' );
$command = $argv[2];
$args    = isset( $argv[3] ) ? json_decode( $argv[3], true ) : array();
$config  = json_decode( file_get_contents( $site . '/suite.json' ), true );

$_SERVER['HTTP_HOST']       = $config['host'];
$_SERVER['SERVER_NAME']     = $config['host'];
$_SERVER['REQUEST_URI']     = '/wp-admin/index.php';
$_SERVER['SERVER_PROTOCOL'] = 'HTTP/1.1';
$_SERVER['REQUEST_METHOD']  = 'GET';

/** A redirect seen instead of followed (wp_redirect would end the process). */
class Seatkeeper_Test_Redirect extends Exception {
}

/** A wp_die() seen instead of ending the process. */
class Seatkeeper_Test_Died extends Exception {
}

/**
 * Prints the answer and stops.
 *
 * @param mixed $result The command's result.
 */
function seatkeeper_test_answer( $result ) {
	fwrite( STDOUT, "\n@@RESULT@@" . wp_json_encode( array( 'result' => $result ) ) . "\n" );
	exit( 0 );
}

if ( 'install' === $command ) {
	$db = new mysqli( $config['db']['host'], $config['db']['user'], $config['db']['password'], '', (int) $config['db']['port'] );
	$db->query( 'CREATE DATABASE IF NOT EXISTS `' . $config['db']['name'] . '` CHARACTER SET utf8mb4' );
	$db->close();
	define( 'WP_INSTALLING', true );
	require $site . '/wp-config.php';
	require_once ABSPATH . 'wp-admin/includes/upgrade.php';
	$installed = wp_install( 'Seatkeeper SDK suite', 'admin', 'admin@shop-wp.example', false, '', wp_slash( 'suite-password-' . wp_generate_password( 12, false ) ) );
	update_option( 'home', $config['home'] );
	update_option( 'siteurl', $config['home'] );
	seatkeeper_test_answer( array( 'user_id' => $installed['user_id'] ) );
}

if ( 'drop' === $command ) {
	$db = new mysqli( $config['db']['host'], $config['db']['user'], $config['db']['password'], '', (int) $config['db']['port'] );
	$db->query( 'DROP DATABASE IF EXISTS `' . $config['db']['name'] . '`' );
	fwrite( STDOUT, "\n@@RESULT@@" . json_encode( array( 'result' => true ) ) . "\n" );
	exit( 0 );
}

define( 'WP_ADMIN', true );
require $site . '/wp-config.php';
require_once ABSPATH . 'wp-admin/includes/admin.php';
require_once ABSPATH . 'wp-admin/includes/class-wp-upgrader.php';
require_once ABSPATH . 'wp-admin/includes/plugin-install.php';
wp_set_current_user( 1 );
add_filter(
	'wp_die_handler',
	function () {
		return function ( $message ) {
			throw new Seatkeeper_Test_Died( is_wp_error( $message ) ? $message->get_error_message() : wp_strip_all_tags( (string) $message ) );
		};
	}
);
add_filter(
	'wp_redirect',
	function ( $location ) {
		throw new Seatkeeper_Test_Redirect( $location );
	}
);

/**
 * A registered product's client.
 *
 * @param array $args slug.
 * @return Seatkeeper_Licence_Client
 */
function seatkeeper_test_client( array $args ) {
	$client = class_exists( 'Seatkeeper_Licence_Client' ) ? Seatkeeper_Licence_Client::get( $args['slug'] ) : null;
	if ( ! $client ) {
		fwrite( STDOUT, "\n@@RESULT@@" . wp_json_encode( array( 'error' => 'not registered: ' . $args['slug'] ) ) . "\n" );
		exit( 2 );
	}
	return $client;
}

/**
 * Output of a callable.
 *
 * @param callable $fn What prints.
 * @return string
 */
function seatkeeper_test_capture( $fn ) {
	ob_start();
	call_user_func( $fn );
	return (string) ob_get_clean();
}

/**
 * What an upgrader said and did.
 *
 * @param WP_Upgrader_Skin $skin  The skin.
 * @param mixed            $result The upgrade's result.
 * @return array
 */
function seatkeeper_test_upgrade_result( $skin, $result ) {
	$errors = array();
	if ( is_wp_error( $result ) ) {
		$errors[] = $result->get_error_message() . ' ' . wp_json_encode( $result->get_error_data() );
	}
	if ( is_wp_error( $skin->result ) ) {
		foreach ( $skin->result->get_error_codes() as $code ) {
			$errors[] = $code . ': ' . $skin->result->get_error_message( $code ) . ' ' . wp_json_encode( $skin->result->get_error_data( $code ) );
		}
	}
	return array(
		'result'   => is_wp_error( $result ) ? false : $result,
		'errors'   => $errors,
		'messages' => method_exists( $skin, 'get_upgrade_messages' ) ? $skin->get_upgrade_messages() : array(),
	);
}

switch ( $command ) {
	case 'install-zip':
		// WordPress's own installer from a local zip (Add New → Upload), then activation.
		$skin = new Automatic_Upgrader_Skin();
		if ( 'theme' === $args['kind'] ) {
			$upgrader = new Theme_Upgrader( $skin );
			$result   = $upgrader->install( $args['zip'], array( 'overwrite_package' => true ) );
			switch_theme( $args['slug'] );
			seatkeeper_test_answer( seatkeeper_test_upgrade_result( $skin, $result ) + array( 'active' => get_stylesheet() ) );
		}
		$upgrader = new Plugin_Upgrader( $skin );
		$result   = $upgrader->install( $args['zip'], array( 'overwrite_package' => true ) );
		$activate = activate_plugin( $args['slug'] . '/' . $args['slug'] . '.php' );
		seatkeeper_test_answer( seatkeeper_test_upgrade_result( $skin, $result ) + array( 'activated' => ! is_wp_error( $activate ) ) );
		break;

	case 'versions':
		wp_clean_plugins_cache( false );
		$plugins = get_plugins();
		seatkeeper_test_answer(
			array(
				'plugin' => isset( $plugins['visual-editor/visual-editor.php'] ) ? $plugins['visual-editor/visual-editor.php']['Version'] : null,
				'theme'  => wp_get_theme( 'minimal-theme' )->get( 'Version' ),
			)
		);
		break;

	case 'save-form':
		// The settings page's form, as admin-post.php runs it: nonce, capability, save, check, redirect.
		$client                    = seatkeeper_test_client( $args );
		$action                    = $client->settings->action();
		if ( ! empty( $args['as_subscriber'] ) ) {
			$user = wp_insert_user(
				array(
					'user_login' => 'subscriber' . wp_rand(),
					'user_pass'  => wp_generate_password(),
					'role'       => 'subscriber',
				)
			);
			wp_set_current_user( $user );
		}
		$_POST                     = array( 'action' => $action );
		$_POST['_wpnonce']         = empty( $args['forged'] ) ? wp_create_nonce( $action ) : 'forged';
		$_POST['_wp_http_referer'] = '/wp-admin/options-general.php?page=' . $client->settings->page_slug();
		if ( isset( $args['code'] ) ) {
			$_POST['seatkeeper_code'] = $args['code'];
		}
		if ( ! empty( $args['remove'] ) ) {
			$_POST['seatkeeper_remove'] = 'Remove';
		}
		$_REQUEST                  = $_POST;
		$_SERVER['REQUEST_METHOD'] = 'POST';
		$redirect                  = null;
		$died                      = null;
		try {
			do_action( 'admin_post_' . $action );
		} catch ( Seatkeeper_Test_Redirect $r ) {
			$redirect = $r->getMessage();
		} catch ( Seatkeeper_Test_Died $d ) {
			$died = $d->getMessage();
		}
		seatkeeper_test_answer(
			array(
				'redirect' => $redirect,
				'died'     => $died,
				'stored'   => get_option( $client->code_option() ),
				'status'   => get_option( $client->cache_key() ),
			)
		);
		break;

	case 'page':
		// The settings page (as options-general.php?page=... renders it) and the admin notices of a page load.
		$client = seatkeeper_test_client( $args );
		do_action( 'admin_menu' );
		$page    = seatkeeper_test_capture( array( $client->settings, 'render_page' ) );
		$notices = seatkeeper_test_capture(
			function () {
				do_action( 'admin_notices' );
			}
		);
		seatkeeper_test_answer(
			array(
				'menu'    => menu_page_url( $client->settings->page_slug(), false ),
				'page'    => $page,
				'notices' => $notices,
				'status'  => $client->status(),
			)
		);
		break;

	case 'status':
		$client = seatkeeper_test_client( $args );
		if ( ! empty( $args['forget'] ) ) {
			$client->forget();
		}
		$started = microtime( true );
		$status  = $client->status( ! empty( $args['force'] ) );
		$notice  = seatkeeper_test_capture( array( $client->settings, 'render_notice' ) );
		seatkeeper_test_answer(
			array(
				'status'     => $status,
				'notice'     => $notice,
				'ms'         => ( microtime( true ) - $started ) * 1000,
				'last_valid' => get_option( $client->last_valid_option() ),
				'pinned'     => get_option( 'seatkeeper_' . $args['slug'] . '_pinned_key' ),
				'cache_expires_in' => isset( $status['expires'] ) ? $status['expires'] - time() : null,
				'locale'     => determine_locale(),
				'translated' => is_textdomain_loaded( 'seatkeeper-licence' ),
			)
		);
		break;

	case 'set-option':
		if ( null === $args['value'] ) {
			delete_option( $args['name'] );
		} else {
			update_option( $args['name'], $args['value'] );
		}
		seatkeeper_test_answer( get_option( $args['name'] ) );
		break;

	case 'metadata':
		$client = seatkeeper_test_client( $args );
		$meta   = $client->metadata( true );
		seatkeeper_test_answer( is_wp_error( $meta ) ? array( 'error' => $meta->get_error_message() ) : $meta );
		break;

	case 'update-check':
		// WordPress's own update check (as wp-admin/update-core.php's "Check again" runs it).
		$client = seatkeeper_test_client( $args );
		delete_transient( $client->metadata_key() );
		if ( 'theme' === $client->kind() ) {
			delete_site_transient( 'update_themes' );
			wp_update_themes();
			$transient = get_site_transient( 'update_themes' );
			$item      = isset( $transient->response[ $client->basename() ] ) ? $transient->response[ $client->basename() ] : null;
			seatkeeper_test_answer( array( 'update' => $item ) );
		}
		delete_site_transient( 'update_plugins' );
		wp_update_plugins();
		$transient = get_site_transient( 'update_plugins' );
		$item      = isset( $transient->response[ $client->basename() ] ) ? $transient->response[ $client->basename() ] : null;
		$row       = $item ? seatkeeper_test_capture(
			function () use ( $client, $item ) {
				do_action( 'in_plugin_update_message-' . $client->basename(), array(), $item );
			}
		) : '';
		seatkeeper_test_answer(
			array(
				'update'     => $item,
				'update_row' => $row,
			)
		);
		break;

	case 'upgrade':
		// "Update now": WordPress's own upgrader, from the package URL saved in the update transient.
		$client = seatkeeper_test_client( $args );
		$skin   = new Automatic_Upgrader_Skin();
		if ( 'theme' === $client->kind() ) {
			$transient = get_site_transient( 'update_themes' );
			$package   = isset( $transient->response['minimal-theme'] ) ? $transient->response['minimal-theme']['package'] : null;
			$upgrader  = new Theme_Upgrader( $skin );
			$result    = $upgrader->upgrade( $client->basename() );
			$version   = wp_get_theme( 'minimal-theme' )->get( 'Version' );
		} else {
			$transient = get_site_transient( 'update_plugins' );
			$package   = isset( $transient->response[ $client->basename() ] ) ? $transient->response[ $client->basename() ]->package : null;
			$upgrader  = new Plugin_Upgrader( $skin );
			$active    = is_plugin_active( $client->basename() );
			$result    = $upgrader->upgrade( $client->basename() );
			$data      = get_file_data( WP_PLUGIN_DIR . '/' . $client->basename(), array( 'Version' => 'Version' ) );
			$version   = $data['Version'];
			if ( $active && true === $result && ! is_plugin_active( $client->basename() ) ) {
				// What update.php?action=activate-plugin (the upgrade screen's frame) does next.
				activate_plugin( $client->basename(), '', false, true );
			}
		}
		seatkeeper_test_answer(
			seatkeeper_test_upgrade_result( $skin, $result ) + array(
				'package_used_from_transient' => $package,
				'version_after'               => $version,
			)
		);
		break;

	case 'download':
		// What WordPress does with a package URL (download_url, the reason phrase of a refusal as its message).
		$file = download_url( $args['url'], 10 );
		if ( is_wp_error( $file ) ) {
			seatkeeper_test_answer(
				array(
					'error'  => $file->get_error_message(),
					'code'   => $file->get_error_code(),
					'data'   => $file->get_error_data(),
					'reason' => Seatkeeper_Licence_Updater::refusal( $file ),
				)
			);
		}
		$size = filesize( $file );
		unlink( $file );
		seatkeeper_test_answer( array( 'size' => $size ) );
		break;

	case 'plugins-api':
		// "View details": the plugin-install.php?tab=plugin-information popup's data.
		$info = plugins_api(
			'plugin_information',
			array(
				'slug'   => $args['slug'],
				'fields' => array( 'sections' => true ),
			)
		);
		seatkeeper_test_answer( is_wp_error( $info ) ? array( 'error' => $info->get_error_message() ) : $info );
		break;

	case 'measure':
		// A licence check's added time to a wp-admin page load: the admin_notices pass (which reads the status)
		// with the cached status (warm) and with an empty cache (cold: one call to the store).
		$client = seatkeeper_test_client( $args );
		$rounds = isset( $args['rounds'] ) ? (int) $args['rounds'] : 20;
		$warm   = array();
		$cold   = array();
		$client->status();
		// Each round as a new request sees it: the object cache empty, then WordPress's own first read of the
		// autoloaded options (every request does it before plugins run), then the timed part.
		$fresh_request = function () {
			wp_cache_flush();
			wp_load_alloptions();
		};
		for ( $i = 0; $i < $rounds; $i++ ) {
			$fresh_request();
			$t = microtime( true );
			seatkeeper_test_capture( array( $client->settings, 'render_notice' ) );
			$warm[] = ( microtime( true ) - $t ) * 1000;
			$client->forget();
			$fresh_request();
			$t = microtime( true );
			seatkeeper_test_capture( array( $client->settings, 'render_notice' ) );
			$cold[] = ( microtime( true ) - $t ) * 1000;
		}
		sort( $warm );
		sort( $cold );
		$median = function ( $list ) {
			return $list[ (int) floor( count( $list ) / 2 ) ];
		};
		seatkeeper_test_answer(
			array(
				'rounds'     => $rounds,
				'warm_ms'    => $median( $warm ),
				'cold_ms'    => $median( $cold ),
				'warm_p90'   => $warm[ (int) floor( count( $warm ) * 0.9 ) ],
				'cold_p90'   => $cold[ (int) floor( count( $cold ) * 0.9 ) ],
				'status'     => $client->status()['code'],
			)
		);
		break;

	default:
		fwrite( STDOUT, "\n@@RESULT@@" . wp_json_encode( array( 'error' => 'unknown command ' . $command ) ) . "\n" );
		exit( 2 );
}
