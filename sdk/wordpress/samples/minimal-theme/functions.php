<?php
/**
 * Minimal Theme: its licence, settings page and updates (sdk/wordpress/README.md).
 */
defined( 'ABSPATH' ) || exit;

require_once __DIR__ . '/seatkeeper/seatkeeper-licence.php';
Seatkeeper_Licence_Client::register(
	array(
		'store_url'  => defined( 'SEATKEEPER_STORE_URL' ) ? SEATKEEPER_STORE_URL : '{{STORE_URL}}',
		'slug'       => 'minimal-theme',
		'kind'       => 'theme',
		'name'       => 'Minimal Theme',
		'file'       => __FILE__,
		'public_key' => '{{PUBLIC_KEY}}',
	)
);
