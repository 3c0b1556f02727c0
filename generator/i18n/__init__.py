"""Translation: gettext catalogs per game and language, read with Babel."""
