<?php
/**
 * Seatkeeper licence SDK for WordPress plugins and themes: require this file, then call
 * Seatkeeper_Licence_Client::register( array( ... ) ). See README.md.
 *
 * PHP 7.4+, WordPress 5.5+ (sodium is in PHP, or WordPress's sodium_compat). No Composer dependency.
 * When several plugins bundle this SDK, the first copy loaded serves them all (its classes are guarded).
 *
 * @package Seatkeeper_Licence
 */

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

if ( ! defined( 'SEATKEEPER_LICENCE_SDK_VERSION' ) ) {
	define( 'SEATKEEPER_LICENCE_SDK_VERSION', '1.0.0' );
}

require_once __DIR__ . '/includes/class-seatkeeper-licence-client.php';
require_once __DIR__ . '/includes/class-seatkeeper-licence-settings.php';
require_once __DIR__ . '/includes/class-seatkeeper-licence-updater.php';

if ( ! function_exists( 'seatkeeper_licence_load_textdomain' ) ) {
	/**
	 * The SDK's own texts in the site's (or the admin's) language: languages/seatkeeper-licence-<locale>.mo,
	 * compiled from the .po beside it by the release build (scripts/release-samples.mjs). The first copy
	 * loaded serves every plugin and theme that bundles the SDK, like its classes.
	 */
	function seatkeeper_licence_load_textdomain() {
		$locale = function_exists( 'determine_locale' ) ? determine_locale() : get_locale();
		load_textdomain( 'seatkeeper-licence', __DIR__ . '/languages/seatkeeper-licence-' . $locale . '.mo' );
	}
	// The user's locale is known from init on (plugins and themes load before it).
	if ( did_action( 'init' ) ) {
		seatkeeper_licence_load_textdomain();
	} else {
		add_action( 'init', 'seatkeeper_licence_load_textdomain', 1 );
	}
}
