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
