<?php
/**
 * Minimal Theme's only template (sample release: replace with your real theme build).
 */
defined( 'ABSPATH' ) || exit;
?><!doctype html>
<html <?php language_attributes(); ?>>
<head>
<meta charset="<?php bloginfo( 'charset' ); ?>">
<meta name="viewport" content="width=device-width, initial-scale=1">
<?php wp_head(); ?>
</head>
<body <?php body_class(); ?>>
<?php wp_body_open(); ?>
<main>
<?php
while ( have_posts() ) {
	the_post();
	the_title( '<h2>', '</h2>' );
	the_content();
}
?>
</main>
<?php wp_footer(); ?>
</body>
</html>
