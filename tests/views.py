"""Reading a seat's view the way its page does."""


def move_from(snapshot):
    """The first move the server offers this seat."""
    return snapshot["legal"][0]["action"]
