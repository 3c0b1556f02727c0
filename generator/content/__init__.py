"""The content model: game data files loaded, validated and frozen."""
