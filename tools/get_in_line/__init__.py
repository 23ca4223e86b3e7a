"""Tools for Get In Line: how strong its bot levels are (strength)."""
