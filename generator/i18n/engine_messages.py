"""Messages the engine prints outside any layout. `pnp i18n extract` adds them to every
game's template, and the engine catalogs (generator/locales/) translate them."""

RULE_SUMMARY_PAGE = "Rule summary page"  # the outline title of a game's summary pages
# The note on a padding page (a blank back, so that the next part starts on an odd page).
BLANK_BACK = "This side is left blank: printed double-sided, the next part starts on a new sheet."
