<?php
// Sample release: replace with your real theme build.
defined( 'ABSPATH' ) || exit;
get_header();
get_footer();
