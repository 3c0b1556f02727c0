"""Rule summaries: jinja2 templates with gettext, filled with facts from the game data, cut into
card faces and a one-page summary."""
