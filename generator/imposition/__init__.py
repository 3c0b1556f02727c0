"""Where things land: pages, placements and marks in mm. Plain data, no drawing."""
