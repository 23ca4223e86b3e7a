"""Reading a seat's view the way its page does."""


def move_from(snapshot):
    """The first move the server lists for this seat, without its label."""
    return {k: v for k, v in snapshot["view"]["moves"][0].items() if k != "label"}
