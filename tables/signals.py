"""What the table service tells the rest of the site. Ratings listen for a
finished game; the service itself knows nothing about them."""

from django.dispatch import Signal

# Sent once a game that ended by the rules is committed: result=Result.
game_finished = Signal()
