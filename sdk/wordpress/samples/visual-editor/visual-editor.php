<?php
/*
Plugin Name: Visual Editor
Description: Pure HTML visual editing with live preview (sample release shipped with seatkeeper, licensed through the Seatkeeper SDK).
Version: {{VERSION}}
Requires at least: 6.0
Requires PHP: 7.4
Update URI: {{STORE_URL}}
*/
defined( 'ABSPATH' ) || exit;

// The licence, its settings page and the updates (sdk/wordpress/README.md).
require_once __DIR__ . '/seatkeeper/seatkeeper-licence.php';
Seatkeeper_Licence_Client::register(
	array(
		'store_url'  => defined( 'SEATKEEPER_STORE_URL' ) ? SEATKEEPER_STORE_URL : '{{STORE_URL}}',
		'slug'       => 'visual-editor',
		'kind'       => 'plugin',
		'name'       => 'Visual Editor',
		'file'       => __FILE__,
		'public_key' => '{{PUBLIC_KEY}}',
	)
);
