"""Tools for designers' own games: a starter folder, PNG proofs, digital-table export."""
