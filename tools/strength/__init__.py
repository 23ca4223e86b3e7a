"""How strong each game's bot levels are, measured by playing them against each other."""
